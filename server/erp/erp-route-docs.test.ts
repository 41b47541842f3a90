import { describe, expect, it } from 'vitest';
import { documentedRefusals, operationIdOf } from './erp-route-docs.ts';

describe('the ERP routes’ documentation', () => {
  it('names each operation after its method and path', () => {
    expect(operationIdOf('PUT', '/erp/v1/products')).toBe('putProducts');
    expect(operationIdOf('POST', '/erp/v1/orders/:orderNumber/ack')).toBe('postOrdersOrderNumberAck');
    expect(operationIdOf('GET', '/erp/v1/client')).toBe('getClient');
  });

  it('documents the refusals each kind of route can give', () => {
    expect(Object.keys(documentedRefusals('public', {}))).toEqual([]);
    expect(Object.keys(documentedRefusals('anyClient', {}))).toEqual(['401', '429']);
    expect(Object.keys(documentedRefusals('stock:write', { body: {} }))).toEqual(['400', '401', '403', '429']);
    expect(Object.keys(documentedRefusals('orders:read', { params: {} }))).toEqual(['400', '401', '403', '404', '429']);
  });
});
