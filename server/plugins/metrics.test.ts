import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeLabelOf } from './metrics.ts';

const requestTo = (pattern: string | undefined) => ({ routeOptions: { url: pattern } }) as FastifyRequest;

describe('the route label of a request', () => {
  it('is the pattern it matched', () => {
    expect(routeLabelOf(requestTo('/api/material/:id'))).toBe('/api/material/:id');
    expect(routeLabelOf(requestTo('/media/*'))).toBe('/media/*');
  });

  it('is the catch-all’s pattern for every page', () => {
    expect(routeLabelOf(requestTo('/*'))).toBe('/*');
  });

  it('is one `/assets/*` for the build’s files, each registered under its hashed name', () => {
    expect(routeLabelOf(requestTo('/assets/entry.client-B3x9kQ.js'))).toBe('/assets/*');
    expect(routeLabelOf(requestTo('/assets/root-Zz81aa.css'))).toBe('/assets/*');
  });

  it('is `unmatched` when no route matched', () => {
    expect(routeLabelOf(requestTo(undefined))).toBe('unmatched');
  });
});
