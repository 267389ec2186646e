// The tenant's compliance team: members 1..25, who review alerts, answer mail and upload
// documents. Member 0 is the system (automatic screening, imports).

// prettier-ignore
const MEMBER_NAMES = [
  'Anna Becker', 'Tomás Herrera', 'Claire Dubois', 'Marek Nowicki', 'Priya Raman', 'Jonas Lindqvist',
  'Fatima El Idrissi', 'Lukas Brandt', 'Sofia Marchetti', 'Daniel Okoye', 'Hannah Schreiber',
  'Mehmet Aydın', 'Laura Vidal', 'Kenji Morita', 'Olivia Grant', 'Nikolai Petrenko', 'Inês Carvalho',
  'Samuel Adeyemi', 'Julia Wagner', 'Thomas Keller', 'Chloé Martin', 'Yusuf Demir', 'Eva Kowalczyk',
  'Mei Lin Tan', 'Robert Hughes',
];

export const MEMBER_COUNT = MEMBER_NAMES.length;
export const SYSTEM_AGENT = 0;

export function memberName(id: number): string {
  return MEMBER_NAMES[id - 1] ?? 'Screening engine';
}

export function memberEmail(id: number, domain: string): string {
  const name = memberName(id)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/);
  return `${name[0] ?? 'agent'}.${name[name.length - 1] ?? id}@${domain}`;
}
