// A valid ZIP archive with stored (uncompressed) entries: enough for DOCX-style containers.
import { ByteWriter, crc32, utf8 } from './bytes';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

function dosTime(date: Date): { time: number; day: number } {
  const time =
    (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day =
    ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

export function buildZip(entries: readonly ZipEntry[], modified: Date): Uint8Array {
  const { time, day } = dosTime(modified);
  const out = new ByteWriter();
  const central = new ByteWriter();
  for (const entry of entries) {
    const name = utf8(entry.name);
    const crc = crc32(entry.data);
    const offset = out.length;
    out.u32le(0x04034b50).u16le(20).u16le(0x0800).u16le(0).u16le(time).u16le(day);
    out.u32le(crc).u32le(entry.data.length).u32le(entry.data.length).u16le(name.length).u16le(0);
    out.bytes(name).bytes(entry.data);
    central.u32le(0x02014b50).u16le(20).u16le(20).u16le(0x0800).u16le(0).u16le(time).u16le(day);
    central.u32le(crc).u32le(entry.data.length).u32le(entry.data.length).u16le(name.length);
    central.u16le(0).u16le(0).u16le(0).u16le(0).u32le(0).u32le(offset).bytes(name);
  }
  const directory = central.result();
  const start = out.length;
  out.bytes(directory);
  out.u32le(0x06054b50).u16le(0).u16le(0).u16le(entries.length).u16le(entries.length);
  out.u32le(directory.length).u32le(start).u16le(0);
  return out.result();
}
