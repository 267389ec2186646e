import { describe, expect, it } from 'vitest';
import { drawFirm, subsidiaryName } from '../../../../main/sandbox/generator/names/firm-names';
import { parseForm } from '../../../../main/sandbox/generator/names/name-form';
import {
  drawPerson,
  latinParts,
  nativeParts,
} from '../../../../main/sandbox/generator/names/person-names';
import {
  cyrillicToLatin,
  greekToLatin,
  hangulToLatin,
} from '../../../../main/sandbox/generator/names/transliterate';
import { Rng } from '../../../../main/sandbox/generator/rng';

describe('transliteration', () => {
  it('spells Cyrillic names the ways real documents do', () => {
    expect(cyrillicToLatin('Сергей', 'en')).toBe('Sergey');
    expect(cyrillicToLatin('Сергей', 'passport')).toBe('Sergei');
    expect(cyrillicToLatin('Сергей', 'de')).toBe('Sergej');
    expect(cyrillicToLatin('Хрущёв', 'de')).toBe('Chruschtschow');
    expect(cyrillicToLatin('Юлия', 'passport')).toBe('Iuliia');
    expect(cyrillicToLatin('Дмитрий', 'en')).toBe('Dmitry');
    expect(cyrillicToLatin('Елена', 'bgn')).toBe('Yelena');
    expect(parseForm('Иванов').variants).toContain('Iwanow');
  });

  it('romanises Greek and Hangul by rule', () => {
    expect(greekToLatin('Παπαδόπουλος')).toBe('papadopoulos');
    expect(hangulToLatin('한빛')).toBe('hanbit');
  });
});

describe('people and firms', () => {
  it('inflects surnames and builds patronymics', () => {
    const rng = Rng.fromSeed(12);
    for (let i = 0; i < 50; i++) {
      const woman = drawPerson(rng, 'ru', 'F');
      expect(latinParts(woman).last_name).toMatch(/(a|aya)$/);
      if (woman.middle) expect(woman.middle.native[0]).toMatch(/(вна|чна)$/);
      const polish = drawPerson(rng, 'pl', 'F');
      expect(latinParts(polish).last_name).not.toMatch(/ski$/);
    }
  });

  it('keeps the original script for names that have one', () => {
    const person = drawPerson(Rng.fromSeed(3), 'zh', 'M');
    expect(nativeParts(person)?.last_name).toMatch(/\p{Script=Han}/u);
    expect(latinParts(person).first_name).not.toContain('-');
  });

  it('names firms with the legal form of their country', () => {
    const rng = Rng.fromSeed(8);
    expect(drawFirm(rng, 'de', 'DE').companyName).toMatch(
      /(GmbH|AG|KG|UG \(haftungsbeschränkt\)|GmbH & Co\. KG)$/,
    );
    expect(drawFirm(rng, 'pl', 'PL').companyName).toMatch(/(Sp\. z o\.o\.|S\.A\.)$/);
    const russian = drawFirm(rng, 'ru', 'RU');
    expect(russian.nativeName).toMatch(/^(ООО|АО|ПАО) «.+»$/);
    const chinese = drawFirm(rng, 'zh', 'CN');
    expect(chinese.nativeName).toMatch(/有限公司$/);
    expect(chinese.companyName).toMatch(/Co\., Ltd\.$/);
    expect(subsidiaryName(rng, drawFirm(rng, 'de', 'DE'), 'PL').companyName).toMatch(
      / Polska (Sp\. z o\.o\.|S\.A\.)$/,
    );
  });
});
