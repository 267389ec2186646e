import type { Page } from '@playwright/test';
import type { QueueWindow } from '../../preload/contract';
import { wireReport, type PlantedReport } from '../support/press-wire';
import { bridge, expect, type Tenant } from './fixtures';
import type { PressPage } from './pages/press-page';

// What the press specs ask of the tenant: its customers and reports as the service holds them,
// and reports with known contents kept there for CaseDesk to open.

export interface ServiceCustomer {
  external_id: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  company_name: string;
  date_of_birth: string;
  nationality_code: string;
  nationality_codes: string[];
  account_type: { code: string };
}

export interface WireReport {
  report_body_id: string;
  general_summary: string;
  risk_summary: string;
  metadata: { input: { name: string } };
}

export interface TimelineEvent {
  EventType: string;
  Url: string;
}

export const hash = (page: Page) => page.evaluate(() => location.hash);

/** The customers the app has cached with alerts, as the service holds them. */
async function serviceCustomers(page: Page, tenant: Tenant): Promise<ServiceCustomer[]> {
  const queue = await bridge<QueueWindow>(page, 'queue.window', { limit: 200 });
  const ids = [...new Set(queue.rows.map((row) => row.customerExternalId))];
  const customers: ServiceCustomer[] = [];
  for (const id of ids) {
    const reply = await tenant.service.call('GET', `/api/v1/customers/${encodeURIComponent(id)}`);
    expect(reply.status).toBe(200);
    customers.push(reply.json<{ customer: ServiceCustomer }>().customer);
  }
  return customers;
}

/** A person with first and last names, a date of birth and a nationality: every field prefilled. */
export async function somePerson(page: Page, tenant: Tenant): Promise<ServiceCustomer> {
  const person = (await serviceCustomers(page, tenant)).find(
    (customer) =>
      customer.first_name &&
      customer.last_name &&
      !customer.company_name &&
      /^\d{4}-\d{2}-\d{2}$/.test(customer.date_of_birth) &&
      customer.nationality_code,
  );
  if (!person) throw new Error('The tenant has no person with a date of birth and a nationality.');
  return person;
}

export async function reportBody(tenant: Tenant, id: string): Promise<WireReport> {
  const reply = await tenant.service.call('GET', `/api/v1/press/reportbody/${id}`);
  expect(reply.status).toBe(200);
  return reply.json<WireReport>();
}

/** The press reports the service's timeline names for a customer (a forced one adds one). */
export async function pressEvents(tenant: Tenant, customerId: string): Promise<TimelineEvent[]> {
  const reply = await tenant.service.call(
    'GET',
    `/api/v1/customers/${encodeURIComponent(customerId)}/timeline?limit=1000&offset=0`,
  );
  expect(reply.status).toBe(200);
  return reply
    .json<TimelineEvent[]>()
    .filter((event) => event.EventType === 'press_report_generated');
}

/** Kept at the sandbox, served as given by GET reportbody. */
export async function plant(tenant: Tenant, report: PlantedReport): Promise<void> {
  const reply = await tenant.service.call('PUT', `/__sandbox/press/reportbody/${report.id}`, {
    body: wireReport(report),
  });
  expect(reply.status).toBe(200);
}

/** Open by id… from the Press screen: the reader shows the report, fetched and kept. */
export async function openById(press: PressPage, id: string): Promise<void> {
  await press.open();
  await press.openById(id);
  await expect(press.reader).toBeVisible();
  await expect(press.reportId).toHaveText(id);
}
