import { describe, expect, it } from 'vitest';
import {
  addTagCodes,
  splitFinished,
  splitTagCodes,
  tagSuggestions,
} from '../../../renderer/src/lib/tag-codes';
import {
  displayNameFromFileName,
  draftErrors,
  externalErrors,
  fileNameFromUrl,
  fileTypeOf,
  limitBytes,
  precheckFile,
  progressFraction,
} from '../../../renderer/src/features/uploads/upload-rules';
import {
  pendingChangeLabel,
  pendingUploadLabel,
} from '../../../renderer/src/features/documents/pending-labels';

describe('a dropped file’s display name and type', () => {
  it.each([
    ['passport-scan.pdf', 'passport-scan'],
    ['bank statement 2024.final.PDF', 'bank statement 2024.final'],
    ['README', 'README'],
    ['.env', '.env'],
    ['archive.tar.gz', 'archive.tar'],
    ['  spaced .txt ', 'spaced'],
  ])('%s → %s', (fileName, displayName) => {
    expect(displayNameFromFileName(fileName)).toBe(displayName);
  });

  it('keeps display names within the service’s 512 characters', () => {
    expect(displayNameFromFileName(`${'a'.repeat(600)}.pdf`)).toHaveLength(512);
  });

  it('reads the type from the extension, in lower case', () => {
    expect(fileTypeOf('Scan.PDF')).toBe('pdf');
    expect(fileTypeOf('noext')).toBe('');
    expect(fileTypeOf('.env')).toBe('');
    expect(fileTypeOf('trailing.')).toBe('');
  });

  it('names an external document after the last part of its address', () => {
    expect(fileNameFromUrl('https://records.example.com/a/statement%202024.pdf?x=1')).toBe(
      'statement 2024.pdf',
    );
    expect(fileNameFromUrl('https://records.example.com/')).toBe('');
    expect(fileNameFromUrl('not a url')).toBe('');
  });
});

describe('checks before anything is sent', () => {
  const limit = limitBytes(1);

  it('refuses folders and files over the profile’s limit, with what to do', () => {
    expect(precheckFile({ name: 'scans', size: 0, isFolder: true }, limit)).toMatch(
      /folder.*drop the files inside/i,
    );
    const tooLarge = precheckFile(
      { name: 'big.pdf', size: 2 * 1024 * 1024, isFolder: false },
      limit,
    );
    expect(tooLarge).toMatch(/^Too large: 2\.0 MB, over this profile’s limit of 1\.0 MB/);
    expect(tooLarge).toMatch(/Nothing was sent/);
  });

  it('refuses an empty file, which the service would take as nothing', () => {
    expect(precheckFile({ name: 'blank.pdf', size: 0, isFolder: false }, limit)).toMatch(
      /“blank\.pdf” is empty/,
    );
  });

  it('accepts a file of exactly the limit, and any size when the limit is unknown', () => {
    expect(precheckFile({ name: 'ok.pdf', size: limit, isFolder: false }, limit)).toBeNull();
    expect(precheckFile({ name: 'ok.pdf', size: 10 ** 12, isFolder: false }, null)).toBeNull();
  });

  it('asks for a display name and a customer', () => {
    expect(draftErrors({ displayName: ' ', customerExternalId: '', tags: [] })).toEqual({
      displayName: expect.stringMatching(/display name/) as unknown,
      customerExternalId: expect.stringMatching(/customer/) as unknown,
    });
    expect(
      draftErrors({ displayName: 'Passport', customerExternalId: 'C-1', tags: ['kyc'] }),
    ).toEqual({});
  });

  it('checks an external reference: a web address, a whole size in bytes, a file name', () => {
    expect(externalErrors({ url: 'ftp://x/y.pdf', size: '12.5', fileName: '' })).toEqual({
      url: expect.stringMatching(/https:\/\//) as unknown,
      size: expect.stringMatching(/whole number/) as unknown,
      fileName: expect.stringMatching(/file name/) as unknown,
    });
    expect(
      externalErrors({
        url: 'https://records.example.com/y.pdf',
        size: '245760',
        fileName: 'y.pdf',
      }),
    ).toEqual({});
  });
});

describe('typed tag codes', () => {
  it('splits at commas and line breaks, trimmed, without empty parts', () => {
    expect(splitTagCodes(' kyc, identity,,\nsource-of-funds ,')).toEqual([
      'kyc',
      'identity',
      'source-of-funds',
    ]);
  });

  it('adds each tag once, keeps the order typed, and keeps what is too long for the field', () => {
    const long = 'x'.repeat(65);
    const result = addTagCodes(['kyc'], `identity, kyc, ${long}`);
    expect(result.tags).toEqual(['kyc', 'identity']);
    expect(result.leftOver).toBe(long);
    expect(result.problem).toMatch(/at most 64 characters/);
  });

  it('stops at the service’s 50 tags', () => {
    const fifty = Array.from({ length: 50 }, (_, index) => `t${index}`);
    const result = addTagCodes(fifty, 'one-more');
    expect(result.tags).toHaveLength(50);
    expect(result.leftOver).toBe('one-more');
    expect(result.problem).toMatch(/at most 50 tags/);
  });

  it('tells finished tags from the one being typed', () => {
    expect(splitFinished('kyc, iden')).toEqual({ finished: 'kyc', typing: 'iden' });
    expect(splitFinished('kyc')).toEqual({ finished: '', typing: 'kyc' });
  });

  it('suggests only tags not chosen yet, most used first', () => {
    expect(
      tagSuggestions(
        [
          { value: 'kyc', count: 9 },
          { value: 'identity', count: 4 },
        ],
        ['kyc'],
      ),
    ).toEqual([{ value: 'identity', count: 4 }]);
  });
});

describe('progress and pending states in words', () => {
  it('fills the bar by bytes while copying or sending, full when done, none while waiting', () => {
    expect(progressFraction('sending', 25, 100)).toBe(0.25);
    expect(progressFraction('copying', 150, 100)).toBe(1);
    expect(progressFraction('done', 0, 0)).toBe(1);
    expect(progressFraction('queued', 0, 100)).toBeNull();
    expect(progressFraction('sending', 0, 0)).toBeNull();
  });

  it('marks pending edits and deletes, and sends failures to the outbox', () => {
    const base = { outboxId: 'o', lastError: null };
    expect(pendingChangeLabel({ ...base, kind: 'update', state: 'queued' })).toMatchObject({
      text: 'Pending edit',
      failed: false,
      deleting: false,
    });
    expect(pendingChangeLabel({ ...base, kind: 'delete', state: 'sending' })).toMatchObject({
      text: 'Deleting…',
      deleting: true,
    });
    expect(pendingChangeLabel({ ...base, kind: 'delete', state: 'failed' })).toMatchObject({
      failed: true,
      deleting: true,
    });
    expect(pendingUploadLabel('failed').failed).toBe(true);
    expect(pendingUploadLabel('queued').text).toBe('Waiting to upload');
  });
});
