import { describe, expect, it } from 'vitest';
import { safeWebUrl, trackingUrlOf } from './tracking-url.ts';

describe('trackingUrlOf', () => {
  it.each([
    ['DHL', 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557'],
    ['DPD', 'https://tracking.dpd.de/status/de_DE/parcel/00340434161094042557'],
    ['UPS', 'https://www.ups.com/track?tracknum=00340434161094042557'],
    ['GLS', 'https://gls-group.com/DE/de/paketverfolgung?match=00340434161094042557'],
    ['Hermes', 'https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#00340434161094042557'],
    ['FedEx', 'https://www.fedex.com/fedextrack/?trknbr=00340434161094042557'],
  ])('builds the tracking page of %s from the code', (carrier, expected) => {
    expect(trackingUrlOf({ carrier, trackingCode: '00340434161094042557', storedUrl: null })).toBe(expected);
  });

  it('recognises a carrier whatever its spelling or product name', () => {
    expect(trackingUrlOf({ carrier: ' dhl express ', trackingCode: 'A1', storedUrl: null })).toMatch(/^https:\/\/www\.dhl\.de\//);
    expect(trackingUrlOf({ carrier: 'Fed-Ex Ground', trackingCode: 'A1', storedUrl: null })).toMatch(/^https:\/\/www\.fedex\.com\//);
  });

  it('encodes the code, so it cannot change the link', () => {
    expect(trackingUrlOf({ carrier: 'UPS', trackingCode: '1Z 99&x=<b>#y', storedUrl: null })).toBe('https://www.ups.com/track?tracknum=1Z%2099%26x%3D%3Cb%3E%23y');
  });

  it('prefers the URL stored with the pack', () => {
    expect(trackingUrlOf({ carrier: 'DHL', trackingCode: 'A1', storedUrl: 'https://carrier.example/t/A1' })).toBe('https://carrier.example/t/A1');
    expect(trackingUrlOf({ carrier: 'Spedition Meier', trackingCode: 'M-7', storedUrl: 'http://meier.example/?s=M-7' })).toBe('http://meier.example/?s=M-7');
  });

  it('ignores a stored URL a browser would not open as a web page', () => {
    expect(trackingUrlOf({ carrier: 'DHL', trackingCode: 'A1', storedUrl: 'javascript:alert(1)' })).toBe(
      'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=A1',
    );
    expect(trackingUrlOf({ carrier: 'Spedition Meier', trackingCode: 'M-7', storedUrl: 'not a url' })).toBeNull();
  });

  it('keeps links to this shop’s own paths, never one a browser reads as another site', () => {
    expect(safeWebUrl('/media/delivery/LS-1.pdf')).toBe('/media/delivery/LS-1.pdf');
    for (const foreign of ['//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'data:text/html,x', '']) expect(safeWebUrl(foreign)).toBeNull();
    expect(safeWebUrl(' https://erp.example/ls/1.pdf ')).toBe('https://erp.example/ls/1.pdf');
  });

  it('has no link for other carriers or an empty code', () => {
    expect(trackingUrlOf({ carrier: 'Spedition Meier', trackingCode: 'M-7', storedUrl: null })).toBeNull();
    expect(trackingUrlOf({ carrier: 'DHL', trackingCode: '  ', storedUrl: null })).toBeNull();
  });
});
