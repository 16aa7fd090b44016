// Runs the webhook receiver stand-in on WEBHOOK_STANDIN_PORT (default 9193) until SIGTERM/SIGINT.
// Development and tests only. WEBHOOK_STANDIN_SECRETS: comma-separated secrets to check signatures with.
import { startWebhookReceiver } from './webhook-receiver-stand-in.mjs';

const standIn = await startWebhookReceiver({
  port: Number(process.env.WEBHOOK_STANDIN_PORT ?? 9193),
  host: process.env.WEBHOOK_STANDIN_HOST ?? '127.0.0.1',
  secrets: (process.env.WEBHOOK_STANDIN_SECRETS ?? '').split(',').filter(Boolean),
});
console.log(`[webhook receiver stand-in] listening on ${standIn.url}`);
const stop = () => standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started through a launcher, a signal may reach only the launcher: stop when our parent is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
