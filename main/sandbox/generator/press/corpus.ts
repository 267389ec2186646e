// The built-in corpus of synthetic news articles and outlets. Article templates name their subject
// through placeholders; all outlets live under the reserved .example domain.

export type Severity = 'low' | 'medium' | 'high';

export interface ArticleTemplate {
  category: string;
  severity: Severity;
  title: string;
  snippet: string;
  summary: string;
}

export interface Outlet {
  name: string;
  domain: string;
  quality: boolean;
}

export const OUTLETS: readonly Outlet[] = [
  { name: 'The Daily Ledger', domain: 'dailyledger.example', quality: true },
  { name: 'Finanzblatt', domain: 'finanzblatt.example', quality: true },
  { name: 'Le Moniteur Économique', domain: 'moniteur-eco.example', quality: true },
  { name: 'Court Reports Online', domain: 'courtreports.example', quality: true },
  { name: 'Regulator Notices', domain: 'regulator-notices.example', quality: true },
  { name: 'Gazzetta Economica', domain: 'gazzetta-eco.example', quality: true },
  { name: 'Diario Financiero del Sur', domain: 'diariosur.example', quality: false },
  { name: 'Regional Courier', domain: 'regionalcourier.example', quality: false },
  { name: 'Leaks & Rumours Blog', domain: 'leaksblog.example', quality: false },
  { name: 'Business Wire Digest', domain: 'bwdigest.example', quality: true },
];

// prettier-ignore
export const ARTICLES: readonly ArticleTemplate[] = [
  { category: 'fraud', severity: 'high', title: '{name} charged over {amount} investment scheme', snippet: 'Prosecutors allege that {name} promised investors guaranteed returns and used new deposits to pay earlier clients.', summary: 'Criminal charges for investment fraud; trial scheduled for {year}.' },
  { category: 'fraud', severity: 'medium', title: 'Investors sue {name} over misleading prospectus', snippet: 'A group of investors claims that {name} concealed losses in the {year} offering documents.', summary: 'Civil lawsuit alleging misrepresentation; no criminal proceedings reported.' },
  { category: 'fraud', severity: 'low', title: 'Consumer body warns about {name} online offers', snippet: 'The consumer association received complaints about late deliveries and refunds from {name}.', summary: 'Consumer complaints; no enforcement action.' },
  { category: 'corruption', severity: 'high', title: '{name} questioned in {country} procurement bribery probe', snippet: 'Investigators are examining payments of {amount} linked to public tenders awarded between {year} and the present.', summary: 'Subject of a bribery investigation involving public officials.' },
  { category: 'corruption', severity: 'medium', title: 'Audit office criticises contracts awarded to {name}', snippet: 'The national audit office found irregularities in contracts worth {amount}.', summary: 'Audit findings on irregular public contracts.' },
  { category: 'money-laundering', severity: 'high', title: 'Police raid offices linked to {name} in laundering case', snippet: 'Authorities seized documents and froze accounts holding {amount} as part of an investigation into money laundering.', summary: 'Money-laundering investigation with asset freeze.' },
  { category: 'money-laundering', severity: 'medium', title: 'Leaked files show {name} used shell companies', snippet: 'Documents reviewed by journalists show a network of offshore entities connected to {name}.', summary: 'Journalistic allegations of opaque offshore structures; no charges.' },
  { category: 'sanctions-evasion', severity: 'high', title: 'Shipments tied to {name} breached export controls, officials say', snippet: 'Customs officials say dual-use goods worth {amount} were re-exported through third countries.', summary: 'Alleged sanctions and export-control violations.' },
  { category: 'sanctions-evasion', severity: 'medium', title: '{name} named in report on sanctions loopholes', snippet: 'A think-tank report lists {name} among intermediaries in trade with restricted jurisdictions.', summary: 'Mentioned in a research report; no official finding.' },
  { category: 'tax-evasion', severity: 'high', title: '{name} convicted of tax evasion', snippet: 'The court found that {name} failed to declare income of {amount} between {year} and the following years.', summary: 'Criminal conviction for tax evasion.' },
  { category: 'tax-evasion', severity: 'medium', title: 'Tax authority audits {name}', snippet: 'The tax authority opened an audit into transfer pricing arrangements.', summary: 'Ongoing tax audit.' },
  { category: 'financial-crime', severity: 'medium', title: 'Regulator fines {name} for reporting failures', snippet: 'The financial regulator imposed a fine of {amount} for late and incomplete regulatory reports.', summary: 'Administrative fine by the financial regulator.' },
  { category: 'financial-crime', severity: 'high', title: '{name} banned from managing companies', snippet: 'A court disqualified {name} from acting as a director following the collapse of a lender.', summary: 'Director disqualification after insolvency.' },
  { category: 'terrorism-financing', severity: 'high', title: 'Charity linked to {name} investigated over terror financing', snippet: 'Authorities are investigating transfers to a charity suspected of funding armed groups.', summary: 'Terrorism-financing investigation; not proven.' },
  { category: 'environmental-crime', severity: 'medium', title: '{name} fined for illegal waste disposal', snippet: 'Environmental inspectors found hazardous waste stored without a permit.', summary: 'Environmental fine.' },
  { category: 'environmental-crime', severity: 'high', title: 'Illegal logging probe targets suppliers of {name}', snippet: 'Timber traced to protected forests was sold through companies connected to {name}.', summary: 'Investigation into illegal timber trade.' },
  { category: 'labour', severity: 'medium', title: 'Workers accuse {name} of unpaid wages', snippet: 'Union representatives say dozens of workers were not paid for months.', summary: 'Labour dispute over unpaid wages.' },
  { category: 'labour', severity: 'high', title: 'Forced labour allegations in {name} supply chain', snippet: 'An NGO report documents forced labour at subcontractors supplying {name}.', summary: 'Forced-labour allegations in the supply chain.' },
];

// prettier-ignore
export const NEUTRAL_ARTICLES: readonly string[] = [
  '{name} wins regional entrepreneurship award',
  'Local charity run: {name} among the finishers',
  'Obituary: {name} ({year})',
  '{name} appointed to the board of a sports club',
  'Property register: {name} buys a house in the city centre',
  '{name} speaks at industry conference',
];
