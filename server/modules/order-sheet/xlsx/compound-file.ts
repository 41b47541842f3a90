// The names in an OLE2 compound file's directory (the container of .xls files and of password-protected
// Office files, which hold an `EncryptionInfo` and an `EncryptedPackage` stream). Only the directory is read:
// enough to say which of the two a file is. A broken chain ends the walk; the names found so far stand.

const endOfChain = 0xfffffffe;
const directoryEntryBytes = 128;

export const compoundFileSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function compoundFileEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 512) return [];
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return [];
  const sectorBytes = 1 << shift;
  const sectorCount = Math.floor(bytes.byteLength / sectorBytes);
  const sectorAt = (sector: number) => (sector + 1) * sectorBytes;
  const inFile = (sector: number) => sector < sectorCount - 1;

  const fatSectors: number[] = [];
  for (let index = 0; index < 109; index++) fatSectors.push(view.getUint32(0x4c + index * 4, true));
  let difatSector = view.getUint32(0x44, true);
  for (let hops = 0; inFile(difatSector) && hops < sectorCount; hops++) {
    const at = sectorAt(difatSector);
    for (let index = 0; index < sectorBytes / 4 - 1; index++) fatSectors.push(view.getUint32(at + index * 4, true));
    difatSector = view.getUint32(at + sectorBytes - 4, true);
  }
  const nextSector = (sector: number): number => {
    const perSector = sectorBytes / 4;
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined || !inFile(fatSector)) return endOfChain;
    return view.getUint32(sectorAt(fatSector) + (sector % perSector) * 4, true);
  };

  const names: string[] = [];
  let sector = view.getUint32(0x30, true);
  for (let hops = 0; inFile(sector) && hops < sectorCount; hops++) {
    const at = sectorAt(sector);
    for (let entry = at; entry + directoryEntryBytes <= at + sectorBytes; entry += directoryEntryBytes) {
      const nameBytes = view.getUint16(entry + 64, true);
      if (nameBytes < 2 || nameBytes > 64) continue;
      names.push(new TextDecoder('utf-16le').decode(bytes.subarray(entry, entry + nameBytes - 2)));
    }
    sector = nextSector(sector);
  }
  return names;
}
