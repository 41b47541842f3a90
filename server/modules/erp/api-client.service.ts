import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { isErpScope, type ErpContext, type ErpScope } from '../access/erp-access.ts';
import type { ApiClientRepository, ApiClientRow } from './api-client.repository.ts';

// The API clients of a tenant (`npm run api-client`): created with a name and scopes, the secret shown once
// and stored as its SHA-256; rotated (the old secret works 24 hours more, so the ERP can switch without a
// gap) and revoked. Requests present the secret as `Authorization: Bearer <secret>`.

/** How long a rotated client's previous secret keeps working. */
export const previousSecretGraceMs = 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per client: a busy ERP does not write a row per request. */
const lastUsedPrecisionMs = 60_000;

const secretShape = /^erp_[A-Za-z0-9_-]{43}$/;

export function hashApiSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function newSecret(): string {
  return `erp_${randomBytes(32).toString('base64url')}`;
}

/** An API client as `list` shows it (never its secret). */
export interface ApiClientView {
  id: number;
  name: string;
  scopes: ErpScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  previousSecretExpiresAt: string | null;
}

function scopesOf(text: string): ErpScope[] {
  return text.split(' ').filter(isErpScope);
}

function viewOf(row: ApiClientRow): ApiClientView {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    previousSecretExpiresAt: row.previous_secret_expires_at,
  };
}

/** The secret of an `Authorization: Bearer <secret>` header, or null. */
export function bearerSecretOf(header: string | undefined): string | null {
  const match = /^Bearer ([^\s]+)$/.exec(header ?? '');
  return match && secretShape.test(match[1]!) ? match[1]! : null;
}

function sameHash(a: string, b: string | null): boolean {
  return b !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function createApiClientService(deps: { clients: ApiClientRepository; clock: Clock }) {
  const { clients, clock } = deps;
  const lastWritten = new Map<number, number>();

  return {
    async create(input: { tenantId: number; name: string; scopes: readonly ErpScope[]; expiresAt?: string | null }): Promise<{ client: ApiClientView; secret: string }> {
      const name = input.name.trim();
      if (name === '' || name.length > 100) throw new AppError('validation', 'validation.invalid', { field: 'name' });
      if (input.scopes.length === 0) throw new AppError('validation', 'validation.required', { field: 'scopes' });
      const secret = newSecret();
      const id = await clients.insert({
        tenantId: input.tenantId,
        name,
        scopes: [...new Set(input.scopes)].join(' '),
        secretHash: hashApiSecret(secret),
        expiresAt: input.expiresAt ?? null,
        now: clock.now().toISOString(),
      });
      return { client: viewOf((await clients.find(input.tenantId, id))!), secret };
    },

    async list(tenantId: number): Promise<ApiClientView[]> {
      return (await clients.list(tenantId)).map(viewOf);
    },

    /** A new secret for the client; the previous one works for 24 hours more. */
    async rotate(tenantId: number, id: number): Promise<{ secret: string; previousSecretExpiresAt: string }> {
      const secret = newSecret();
      const previousSecretExpiresAt = new Date(clock.now().getTime() + previousSecretGraceMs).toISOString();
      if (!(await clients.rotate({ tenantId, id, secretHash: hashApiSecret(secret), previousExpiresAt: previousSecretExpiresAt }))) {
        throw new AppError('not_found', 'api.client.not_found');
      }
      return { secret, previousSecretExpiresAt };
    },

    /** Ends the client: both its secrets stop working at once. */
    async revoke(tenantId: number, id: number): Promise<void> {
      if (!(await clients.revoke({ tenantId, id, now: clock.now().toISOString() }))) throw new AppError('not_found', 'api.client.not_found');
    },

    /**
     * The caller of an ERP request, from its Authorization header; null for a missing, malformed, unknown,
     * expired or revoked key. The secret is looked up by its hash and the hashes compared in constant time.
     */
    async authenticate(authorization: string | undefined): Promise<ErpContext | null> {
      const secret = bearerSecretOf(authorization);
      if (!secret) return null;
      const now = clock.now();
      const hash = hashApiSecret(secret);
      const row = await clients.findBySecretHash(hash, now.toISOString());
      if (!row || row.revoked_at !== null) return null;
      if (!sameHash(hash, row.secret_hash) && !sameHash(hash, row.previous_secret_hash)) return null;
      if (row.expires_at !== null && row.expires_at <= now.toISOString()) return null;
      if (now.getTime() - (lastWritten.get(row.id) ?? 0) >= lastUsedPrecisionMs) {
        lastWritten.set(row.id, now.getTime());
        await clients.touch(row.id, now.toISOString());
      }
      return { tenantId: row.tenant_id, client: { id: row.id, name: row.name, scopes: new Set(scopesOf(row.scopes)) } };
    },
  };
}

export type ApiClientService = ReturnType<typeof createApiClientService>;
