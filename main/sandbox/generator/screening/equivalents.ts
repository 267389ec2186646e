// Spellings that name the same person in different romanisations. Screening folds each group to one
// token, as name-variant tables do: string distance alone cannot tell that Lee and Yi, or Wong and
// Wang, are one name.

// prettier-ignore
const GROUPS: readonly (readonly string[])[] = [
  ['muhammad', 'mohammed', 'mohamed', 'mohammad', 'mohamad', 'muhammed', 'mohammod', 'mohamud'],
  ['ahmad', 'ahmed'],
  ['yusuf', 'youssef', 'yousef', 'yousif', 'jusuf', 'yussuf'],
  ['hussein', 'hussain', 'husayn', 'hussien', 'husein'],
  ['hassan', 'hasan'],
  ['abdullah', 'abdallah', 'abdulla'],
  ['abdulrahman', 'abdelrahman', 'abdalrahman', 'abdurrahman', 'abdrahman'],
  ['abdulaziz', 'abdelaziz', 'abdalaziz'],
  ['khalid', 'khaled'],
  ['omar', 'umar'],
  ['uthman', 'othman', 'osman', 'usman'],
  ['lee', 'yi', 'rhee', 'ri', 'li'],
  ['park', 'bak', 'pak'],
  ['choi', 'choe', 'chwe'],
  ['jung', 'jeong', 'chung'],
  ['kim', 'gim'],
  ['zhang', 'cheung'],
  ['chen', 'chan'],
  ['wang', 'wong'],
  ['zhou', 'chou', 'chow'],
  ['xu', 'hsu', 'tsui'],
  ['liu', 'lau'],
  ['zhao', 'chiu'],
  ['guo', 'kuo', 'kwok'],
  ['lin', 'lam'],
  ['xie', 'hsieh', 'tse'],
  ['zheng', 'cheng'],
  ['aleksandr', 'alexander', 'aleksander', 'alexandr', 'oleksandr', 'alexandre', 'alexandros'],
  ['sergey', 'sergei', 'serguei', 'sergej', 'sergii', 'sergiy'],
  ['dmitry', 'dmitri', 'dmitriy', 'dmitrii', 'dmitrij', 'dimitri'],
  ['yury', 'yuri', 'yuriy', 'iurii', 'juri', 'jurij', 'iouri'],
  ['evgeny', 'yevgeny', 'evgeniy', 'yevgeniy', 'evgenii', 'evgenij', 'jewgeni', 'evgueni'],
  ['natalya', 'natalia', 'nataliya', 'natalja'],
  ['tatyana', 'tatiana', 'tatjana'],
  ['yulia', 'yuliya', 'iuliia', 'julija', 'ioulia'],
  ['ekaterina', 'yekaterina', 'jekaterina'],
  ['mikhail', 'michail', 'mikhael'],
  ['yosef', 'josef', 'joseph'],
  ['yaakov', 'yakov', 'jakov'],
  ['yitzhak', 'itzhak', 'yitzchak'],
  ['cohen', 'kohen', 'kohn'],
  ['levi', 'levy'],
];

const CANONICAL: ReadonlyMap<string, string> = new Map(
  GROUPS.flatMap((group) => group.map((token) => [token, group[0] ?? token] as const)),
);

export function canonicalToken(token: string): string {
  return CANONICAL.get(token) ?? token;
}
