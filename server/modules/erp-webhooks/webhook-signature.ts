import { createHmac, randomBytes } from 'node:crypto';

// Signing as the Standard Webhooks spec has it (https://www.standardwebhooks.com): the secret is `whsec_`
// + base64 of 32 random bytes; the signature is `v1,` + base64 of HMAC-SHA256, keyed with the secret's
// decoded bytes, over `${webhook-id}.${webhook-timestamp}.${body}`.

const secretPrefix = 'whsec_';

export function newWebhookSecret(): string {
  return secretPrefix + randomBytes(32).toString('base64');
}

export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}
