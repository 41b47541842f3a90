import { retriedOnceOnUniqueViolation } from '../erp/unique-race.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { fieldKeyRules, inLineOrder, parseKeyedRows } from '../erp/keyed-rows.ts';
import type { RowResult } from '../erp/row-results.ts';
import { seasonRow } from './season-row.ts';
import type { ErpSeasonRepository, SeasonWrites } from './seasons.repository.ts';

// PUT /erp/v1/seasons (docs/erp-integration.md, "Seasons"): the pre-order seasons by their externalId.
//  1. Each row against its schema; an externalId sent twice fails the later row.
//  2. The tenant's seasons, read whole (a handful).
//  3. Each row against them: new (created, last unless it names a position), different (updated) or
//     equal (unchanged, nothing written). A season the shop made itself (no externalId) is not touched.
//  4. The changes in one transaction.
//  5. The configuration this process keeps (server/cache.ts) is forgotten: GET /api/configuration and
//     /api/seasons answer the seasons from it, and the basket and checkout take their season order from it.
// Seasons are not deleted here: pre-order cart lines hold one quantity per season in season order.

export interface ErpSeasonDependencies {
  seasons: ErpSeasonRepository;
  /** Forgets the site configuration (with its seasons) this process keeps. */
  forgetConfiguration(): void;
}

export function createErpSeasonService(deps: ErpSeasonDependencies) {
  async function upsertOnce(ctx: ErpContext, rows: readonly unknown[]): Promise<RowResult[]> {
    const { passed, failed } = parseKeyedRows(seasonRow, rows, fieldKeyRules('externalId', (value) => value.externalId));
    const stored = await deps.seasons.findAll(ctx.tenantId);
    const byExternalId = new Map(stored.flatMap((season) => (season.external_id === null ? [] : [[season.external_id, season] as const])));
    let lastPosition = Math.max(0, ...stored.map((season) => season.sort_order), ...passed.map((row) => row.value.position ?? 0));
    const writes: SeasonWrites = { created: [], updated: [] };
    const results = passed.map(({ line, key, value }): RowResult => {
      const season = byExternalId.get(value.externalId);
      if (!season) {
        if (value.position === undefined) lastPosition += 1;
        writes.created.push({ external_id: value.externalId, name: value.name, date: value.date, sort_order: value.position ?? lastPosition });
        return { line, key, result: 'created' };
      }
      const next = { id: season.id, name: value.name, date: value.date, sort_order: value.position ?? season.sort_order };
      if (next.name === season.name && next.date === season.date && next.sort_order === season.sort_order) return { line, key, result: 'unchanged' };
      writes.updated.push(next);
      return { line, key, result: 'updated' };
    });
    if (writes.created.length + writes.updated.length > 0) {
      await deps.seasons.write(ctx.tenantId, writes);
      deps.forgetConfiguration();
    }
    return inLineOrder([...failed, ...results]);
  }

  return {
    // A record two requests create at once: the later insert meets the unique index, and the whole load runs
    // once more, finding it (server/modules/erp/unique-race.ts).
    upsert: (ctx: ErpContext, rows: readonly unknown[]) => retriedOnceOnUniqueViolation(() => upsertOnce(ctx, rows)),
  };
}

export type ErpSeasonService = ReturnType<typeof createErpSeasonService>;
