// The link behind a pack's tracking code: the URL the ERP stored with the pack, else
// the tracking page of a common carrier built from the code, else none (the code is then shown plain).

/** Tracking pages by carrier, keyed by the carrier's name in lower-case letters only ("DHL Express" → "dhlexpress"). */
const trackingPages: readonly (readonly [carrier: string, url: (code: string) => string])[] = [
  ['dhl', (code) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${code}`],
  ['dpd', (code) => `https://tracking.dpd.de/status/de_DE/parcel/${code}`],
  ['ups', (code) => `https://www.ups.com/track?tracknum=${code}`],
  ['gls', (code) => `https://gls-group.com/DE/de/paketverfolgung?match=${code}`],
  ['hermes', (code) => `https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#${code}`],
  ['fedex', (code) => `https://www.fedex.com/fedextrack/?trknbr=${code}`],
];

/**
 * A link the ERP stored (a tracking page, a delivery document), used only when a browser would open it as
 * a web page: an http(s) URL or a path of this shop, never `javascript:` and the like.
 */
export function safeWebUrl(stored: string | null): string | null {
  const text = stored?.trim();
  if (!text) return null;
  // Browsers drop tabs and line breaks inside a URL ("/\t/evil.example" would lead to another site): a
  // path of printable characters only.
  if (text.startsWith('/')) return /^\/(?![/\\])[\x21-\x7e\u00a0-\uffff]*$/.test(text) ? text : null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function trackingUrlOf(pack: { carrier: string; trackingCode: string; storedUrl: string | null }): string | null {
  const stored = safeWebUrl(pack.storedUrl);
  if (stored) return stored;
  const code = pack.trackingCode.trim();
  if (code === '') return null;
  // "DHL Paket", "UPS Standard", "FedEx Express" are the carrier's products: the name's start decides.
  const carrier = pack.carrier.toLowerCase().replace(/[^a-z]/g, '');
  const page = trackingPages.find(([name]) => carrier.startsWith(name));
  return page ? page[1](encodeURIComponent(code)) : null;
}
