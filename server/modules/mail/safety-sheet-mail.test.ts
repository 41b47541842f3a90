import { describe, expect, it } from 'vitest';
import { renderSafetySheet, type SafetySheetMailPayload } from './safety-sheet-mail.ts';

const shop = { name: 'Nordlicht Großhandel', email: 'shop@nordlicht.example', phone: null, address: ['Hafenstraße 1', '20457 Hamburg'], logoUrl: null };
const payload: SafetySheetMailPayload = {
  fullName: 'Petra Muster',
  productName: 'Reiniger <Extra> & Co',
  productId: 42,
  domainReference: 'REI-5L',
  title: 'Sicherheitsdatenblatt',
  version: '2026-09',
};

describe('the mail of a new version of a safety data sheet', () => {
  it('names the product, the document and the version and links to the product page, in German', () => {
    const mail = renderSafetySheet(payload, { locale: 'de', shop, publicUrl: 'https://shop.example/' });
    expect(mail.subject).toBe('Neue Version des Sicherheitsdatenblatts: Reiniger <Extra> & Co bei Nordlicht Großhandel');
    expect(mail.text).toContain('Guten Tag Petra Muster,');
    expect(mail.text).toContain('in den letzten 12 Monaten');
    expect(mail.text).toContain('Artikel: Reiniger <Extra> & Co (REI-5L)\nDokument: Sicherheitsdatenblatt\nVersion: 2026-09');
    expect(mail.text).toContain('https://shop.example/product/42?sku=REI-5L');
    expect(mail.html).toContain('<a href="https://shop.example/product/42?sku=REI-5L">');
  });

  it('speaks English to an English reader and escapes what the ERP named in its HTML', () => {
    const mail = renderSafetySheet(payload, { locale: 'en', shop, publicUrl: 'https://shop.example' });
    expect(mail.subject).toBe('New safety data sheet version: Reiniger <Extra> & Co at Nordlicht Großhandel');
    expect(mail.text).toContain('Product: Reiniger <Extra> & Co (REI-5L)');
    expect(mail.html).toContain('Reiniger &lt;Extra&gt; &amp; Co (REI-5L)');
    expect(mail.html).not.toContain('<Extra>');
  });
});
