import { intlLocaleOf } from './locale.ts';

// A file's size as a person reads it next to a download (de: "245 kB", "1,2 MB"; en: "1.2 MB"), the same
// on the server and in the browser. Steps of 1024, as the shop's own limit of 50 MB is counted; kilobytes
// whole, megabytes with one decimal, each unit used while its rounded number stays below 1024.

const units = [
  { unit: 'byte', fractionDigits: 0 },
  { unit: 'kilobyte', fractionDigits: 0 },
  { unit: 'megabyte', fractionDigits: 1 },
] as const;

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string, step: (typeof units)[number]): Intl.NumberFormat {
  const key = `${locale}:${step.unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocaleOf(locale), { style: 'unit', unit: step.unit, unitDisplay: 'short', maximumFractionDigits: step.fractionDigits });
    formats.set(key, format);
  }
  return format;
}

/** The format a person knows a file by: PDF, ZIP, PNG, JPEG … */
export const fileFormatOf = (contentType: string) => (contentType.split('/')[1] ?? contentType).toUpperCase();

export function formatFileSize(bytes: number, locale: string): string {
  let value = bytes;
  let index = 0;
  while (index < units.length - 1 && Math.round(value) >= 1024) {
    value /= 1024;
    index += 1;
  }
  return formatOf(locale, units[index]!).format(value);
}
