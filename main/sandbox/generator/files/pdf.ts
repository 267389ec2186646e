// A minimal, valid PDF 1.4 document: one A4 page of Helvetica text, correct cross-reference table.
import { stripDiacritics } from '../names/name-form';
import { latin1 } from './bytes';

function pdfString(text: string): string {
  const ascii = stripDiacritics(text).replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)')})`;
}

/** PDF date: D:YYYYMMDDHHmmSSZ. */
function pdfDate(iso: string): string {
  return `D:${iso.replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

export function buildPdf(title: string, lines: readonly string[], createdIso: string): Uint8Array {
  const text = [
    'BT /F1 15 Tf 56 790 Td',
    `${pdfString(title)} Tj`,
    'ET',
    'BT /F1 10 Tf 56 760 Td 14 TL',
    ...lines.slice(0, 48).map((line) => `${pdfString(line)} Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(title)} /Producer (CaseDesk sandbox) /CreationDate (${pdfDate(createdIso)}) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(body);
}
