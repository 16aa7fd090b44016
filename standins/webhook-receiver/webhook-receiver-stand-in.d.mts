/** Types of the webhook receiver stand-in (webhook-receiver-stand-in.mjs), for tests written in TypeScript. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: unknown;
  signature_ok: boolean | null;
  status: number;
  received_at: string;
}
export interface WebhookReceiver {
  url: string;
  received(): ReceivedWebhook[];
  addSecret(secret: string): void;
  clear(): void;
  close(): Promise<void>;
}
export declare function signatureMatches(secret: string, raw: string, header: string | undefined): boolean;
export declare function startWebhookReceiver(opts?: {
  port?: number;
  host?: string;
  secrets?: string[];
}): Promise<WebhookReceiver>;
