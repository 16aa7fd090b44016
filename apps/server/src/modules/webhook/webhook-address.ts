import {
  PublicAddressError,
  PublicAddressPolicy,
  type PublicTarget,
} from '../../platform/http/public-address';

/**
 * Where a webhook may be sent: the public-address rule (platform/http/public-address.ts, shared with the
 * carrier connection since issue 42) with the WEBHOOK_ALLOW_PRIVATE allow-list.
 */
const policy = new PublicAddressPolicy();

/** Sets the WEBHOOK_ALLOW_PRIVATE list (from configuration, when the routes are registered). */
export function configureWebhookAllowList(entries: readonly string[]) {
  policy.configure(entries);
}

/** True when the address is public unicast, or allowed by WEBHOOK_ALLOW_PRIVATE. */
export const isAllowedAddress = (address: string): boolean => policy.isAllowedAddress(address);

/** A receiver's host resolved and checked: the one address to connect to. */
export type WebhookTarget = PublicTarget;

/** Why a receiver cannot be used: no such host, or an address that is not allowed. */
export { PublicAddressError as WebhookAddressError };

/** Resolves and checks a receiver's host (every address); answers the one address to connect to. */
export const resolveWebhookTarget = (rawUrl: string): Promise<WebhookTarget> => policy.resolve(rawUrl);
