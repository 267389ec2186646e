// The kinds of documents a customer file holds, and how each one's contents are made.
import { isoDate, isoSeconds } from '../dates';
import { countryName } from '../geo';
import {
  chartImage,
  type FileContent,
  identityScan,
  pdfFile,
  statementCsv,
  textNote,
  wordFile,
} from '../files/samples';
import type { Rng } from '../rng';

export interface DocumentOwner {
  externalId: string;
  customerId: string;
  displayName: string;
  firm: boolean;
  country: string;
  accountNumber: string;
  dateOfBirth: string;
  createdMs: number;
}

export interface Kind {
  code: string;
  tags: readonly string[];
  label: (owner: DocumentOwner, whenMs: number) => string;
  content: (rng: Rng, owner: DocumentOwner, base: string, whenMs: number) => FileContent;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const month = (ms: number) =>
  `${MONTHS[new Date(ms).getUTCMonth()] ?? ''} ${new Date(ms).getUTCFullYear()}`;

export const PERSON_KINDS: readonly Kind[] = [
  {
    code: 'passport',
    tags: ['passport', 'kyc', 'identity'],
    label: (o) => `Passport – ${o.displayName}`,
    content: (r, _o, b) => identityScan(r, b, r.chance(0.4)),
  },
  {
    code: 'id-card',
    tags: ['id-card', 'kyc', 'identity'],
    label: (o) => `National ID card – ${o.displayName}`,
    content: (r, _o, b) => identityScan(r, b, r.chance(0.3)),
  },
  {
    code: 'proof-of-address',
    tags: ['proof-of-address', 'kyc'],
    label: (_o, w) => `Utility bill ${month(w)}`,
    content: (r, o, b, w) =>
      pdfFile(
        `${b}.pdf`,
        'Electricity bill',
        [
          `Customer: ${o.displayName}`,
          `Invoice date: ${isoDate(w)}`,
          `Supply address in ${countryName(o.country)}`,
          `Amount due: ${r.int(40, 260)}.${r.int(10, 99)} EUR`,
          'Payment by direct debit.',
        ],
        isoSeconds(w),
      ),
  },
  {
    code: 'bank-statement',
    tags: ['bank-statement', 'source-of-funds'],
    label: (_o, w) => `Bank statement ${month(w)}`,
    content: (r, o, b, w) => statementCsv(r, b, o.accountNumber, w),
  },
  {
    code: 'source-of-wealth',
    tags: ['source-of-wealth', 'edd'],
    label: () => 'Source of wealth declaration',
    content: (r, o, b, w) =>
      pdfFile(
        `${b}.pdf`,
        'Declaration of source of wealth',
        [
          `I, ${o.displayName}, born ${o.dateOfBirth}, declare that my assets derive from:`,
          r.pick([
            'employment income and savings',
            'sale of a family business',
            'inheritance from my parents',
            'investment gains on listed securities',
          ]),
          `Estimated net worth: ${r.int(1, 40) * 100}k EUR.`,
          `Signed on ${isoDate(w)}.`,
        ],
        isoSeconds(w),
      ),
  },
  {
    code: 'selfie',
    tags: ['video-ident', 'identity'],
    label: () => 'Liveness check capture',
    content: (r, _o, b) => identityScan(r, b, true),
  },
  {
    code: 'tax-self-certification',
    tags: ['tax', 'kyc'],
    label: () => 'Tax residence self-certification',
    content: (_r, o, b, w) =>
      pdfFile(
        `${b}.pdf`,
        'Self-certification of tax residence',
        [
          `Account holder: ${o.displayName}`,
          `Country of tax residence: ${countryName(o.country)}`,
          'I confirm the information above is correct.',
          `Date: ${isoDate(w)}`,
        ],
        isoSeconds(w),
      ),
  },
  {
    code: 'payslip',
    tags: ['payslip', 'source-of-funds'],
    label: (_o, w) => `Payslip ${month(w)}`,
    content: (r, o, b, w) =>
      pdfFile(
        `${b}.pdf`,
        'Payslip',
        [
          `Employee: ${o.displayName}`,
          `Period: ${month(w)}`,
          `Gross salary: ${r.int(2, 12) * 1000} EUR`,
          'Net salary paid to the account on file.',
        ],
        isoSeconds(w),
      ),
  },
  {
    code: 'note',
    tags: ['note'],
    label: () => 'Call note',
    content: (r, o, b, w) =>
      textNote(b, [
        `Call with ${o.displayName} on ${isoDate(w)}.`,
        r.pick([
          'Customer explained the incoming transfer as proceeds of a property sale.',
          'Customer confirmed the new address; documents to follow.',
          'Customer asked about the status of the review.',
        ]),
      ]),
  },
];

export const FIRM_KINDS: readonly Kind[] = [
  {
    code: 'incorporation',
    tags: ['incorporation', 'kyc'],
    label: () => 'Certificate of incorporation',
    content: (r, o, b, w) =>
      pdfFile(
        `${b}.pdf`,
        'Certificate of incorporation',
        [
          `Company: ${o.displayName}`,
          `Jurisdiction: ${countryName(o.country)}`,
          `Company number: ${r.digits(8)}`,
          `Issued ${isoDate(w)}`,
        ],
        isoSeconds(w),
      ),
  },
  {
    code: 'register-extract',
    tags: ['register-extract', 'kyc'],
    label: (_o, w) => `Commercial register extract ${isoDate(w)}`,
    content: (r, o, b, w) =>
      pdfFile(
        `${b}.pdf`,
        'Extract from the commercial register',
        [
          `Name: ${o.displayName}`,
          `Registered office: ${countryName(o.country)}`,
          `Managing directors: ${r.int(1, 3)}`,
          `Share capital: ${r.int(25, 5000)}k EUR`,
          `Extract date: ${isoDate(w)}`,
        ],
        isoSeconds(w),
      ),
  },
  {
    code: 'articles',
    tags: ['articles-of-association', 'kyc'],
    label: () => 'Articles of association',
    content: (_r, o, b, w) =>
      wordFile(
        b,
        [
          `Articles of association of ${o.displayName}`,
          '1. Name and registered office',
          '2. Object of the company',
          '3. Share capital',
          '4. Management and representation',
        ],
        w,
      ),
  },
  {
    code: 'ubo-declaration',
    tags: ['ubo', 'kyc'],
    label: () => 'Beneficial ownership declaration',
    content: (r, o, b, w) =>
      pdfFile(
        `${b}.pdf`,
        'Declaration of beneficial ownership',
        [
          `Entity: ${o.displayName}`,
          `Number of beneficial owners above 25%: ${r.int(1, 3)}`,
          'Ownership chart attached.',
          `Signed ${isoDate(w)}`,
        ],
        isoSeconds(w),
      ),
  },
  {
    code: 'financial-statements',
    tags: ['financial-statements'],
    label: (_o, w) => `Financial statements ${new Date(w).getUTCFullYear() - 1}`,
    content: (r, o, b, w) =>
      r.chance(0.5)
        ? statementCsv(r, b, o.accountNumber, w)
        : pdfFile(
            `${b}.pdf`,
            'Annual financial statements',
            [
              `${o.displayName}`,
              `Revenue: ${r.int(1, 900)}m EUR`,
              `Net income: ${r.int(-20, 90)}m EUR`,
              `Total assets: ${r.int(5, 2000)}m EUR`,
            ],
            isoSeconds(w),
          ),
  },
  {
    code: 'ownership-chart',
    tags: ['ubo', 'structure'],
    label: () => 'Group structure chart',
    content: (r, _o, b) => chartImage(r, b),
  },
  {
    code: 'contract',
    tags: ['contract'],
    label: () => 'Account agreement',
    content: (_r, o, b, w) =>
      wordFile(
        b,
        [
          `Account agreement between the bank and ${o.displayName}`,
          'The customer agrees to the general terms and conditions.',
          `Signed ${isoDate(w)}`,
        ],
        w,
      ),
  },
  {
    code: 'board-resolution',
    tags: ['board-resolution', 'kyc'],
    label: () => 'Board resolution on account opening',
    content: (_r, o, b, w) =>
      pdfFile(
        `${b}.pdf`,
        'Board resolution',
        [
          `The board of ${o.displayName} resolved to open an account.`,
          `Authorised signatories appointed on ${isoDate(w)}.`,
        ],
        isoSeconds(w),
      ),
  },
];

export const EXTERNAL_KINDS = [
  {
    code: 'video-ident',
    tags: ['video-ident', 'identity'],
    label: 'Video identification recording',
    ext: 'mp4',
    mime: 'video/mp4',
    min: 8_000_000,
    max: 90_000_000,
  },
  {
    code: 'annual-report',
    tags: ['financial-statements'],
    label: 'Annual report (full)',
    ext: 'pdf',
    mime: 'application/pdf',
    min: 2_000_000,
    max: 40_000_000,
  },
  {
    code: 'archive-scan',
    tags: ['kyc', 'archive'],
    label: 'Archived onboarding file (scan)',
    ext: 'pdf',
    mime: 'application/pdf',
    min: 500_000,
    max: 12_000_000,
  },
] as const;
