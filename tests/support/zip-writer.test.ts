import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { zip } from './zip-writer.ts';

// The ZIP writer of the order-sheet fixtures, the benchmark and the reader's tests: another reader (JSZip,
// which exceljs reads workbooks with) gets every part back, and a stated size is written as asked.

describe('zip', () => {
  it('writes parts another ZIP reader gets back whole', async () => {
    const parts = [
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(100_000, 0x20) },
    ];
    const archive = await JSZip.loadAsync(zip(parts));
    expect(Object.keys(archive.files)).toEqual(parts.map((part) => part.name));
    for (const part of parts) expect((await archive.file(part.name)!.async('nodebuffer')).equals(part.data)).toBe(true);
  });

  it('packs spaces about a thousandfold, as a zip bomb needs', () => {
    expect(zip([{ name: 'zeros', data: Buffer.alloc(1024 * 1024, 0x20) }]).length).toBeLessThan(2 * 1024);
  });

  it('states the size it is told in the central directory', () => {
    const written = zip([{ name: 'a.xml', data: Buffer.from('x'.repeat(40)) }], { statedSize: (_name, size) => size / 2 });
    const directory = written.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(written.readUInt32LE(directory + 24)).toBe(20);
    expect(written.readUInt32LE(22)).toBe(20);
  });
});
