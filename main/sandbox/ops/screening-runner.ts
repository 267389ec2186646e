import type { ScreeningMatch, ScreeningSubject } from '../generator';
import type {
  AlertRecord,
  AlertRevision,
  CustomerDetail,
  CustomerRecord,
  CustomerStats,
} from '../model';
import { customerName } from '../db/tenant-store';
import type { OpContext } from './common';
import { refreshDetail } from './customer-detail';
import type { TimelineWriter } from './timeline';

export type Screen = (subject: ScreeningSubject) => ScreeningMatch[];

const OPEN_STATES = new Set([1, 2, 3]);

export function subjectOf(customer: CustomerRecord): ScreeningSubject {
  return {
    external_id: customer.external_id,
    account_type: customer.account_type.code,
    first_name: customer.first_name,
    middle_name: customer.middle_name,
    last_name: customer.last_name,
    company_name: customer.company_name,
    trading_name: customer.trading_name,
    date_of_birth: customer.date_of_birth,
    nationality_codes: customer.nationality_codes,
    domicile_codes: customer.domicile_codes,
    name_variations: customer.name_variations,
  };
}

/**
 * Screens a customer as the service's ongoing screening does: a new alert per new watchlist match,
 * a new revision where an open alert's score moved; then the detail indicators, stats and timeline
 * follow. Runs inside the caller's transaction.
 */
export function createScreeningRunner(
  context: OpContext,
  timeline: TimelineWriter,
  screen: Screen,
) {
  const alertsOf = context.db.prepare('SELECT json FROM alerts WHERE customer_external_id = ?');
  const detailOf = context.db.prepare('SELECT detail_json FROM customers WHERE external_id = ?');
  const lastRevisionNumber = context.db.prepare(
    'SELECT MAX(revision_number) AS n FROM alert_revisions WHERE alert_id = ?',
  );

  return function screenCustomer(
    customer: CustomerRecord,
    at: Date,
  ): { created: number; revised: number } {
    if (customer.disabled) return { created: 0, revised: 0 };
    const existing = (alertsOf.all(customer.external_id) as Array<{ json: string }>).map(
      (row) => JSON.parse(row.json) as AlertRecord,
    );
    const byProfile = new Map(existing.map((alert) => [alert.profile_number, alert]));
    const iso = at.toISOString();
    let created = 0;
    let revised = 0;
    const filters = {
      customerName: customerName(customer),
      assignedToMemberId: null,
      reviewGroups: customer.review_groups,
      sanctionListId: null as number | null,
      sanctionListName: '',
    };

    for (const match of screen(subjectOf(customer))) {
      const alert = byProfile.get(match.profileNumber);
      const listFilters = {
        ...filters,
        sanctionListId: match.sanctionListId,
        sanctionListName: match.sanctionListName,
      };
      if (!alert) {
        const revision: AlertRevision = {
          id: context.newId('rev'),
          agent_id: '',
          comment: `Screening match: ${match.explanation}`,
          created_at: iso,
          customer_revision_id: customer.revision_number,
          profile_date: Math.floor(at.getTime() / 1000),
          revision_number: 1,
          score: match.score,
          state: 2,
          top_category: match.topCategory,
        };
        const record: AlertRecord = {
          id: context.newId('alert'),
          created_at: iso,
          customer_external_id: customer.external_id,
          profile_number: match.profileNumber,
          last_revision: revision,
        };
        context.store.putAlert(record, [revision], listFilters);
        existing.push(record);
        timeline.write(
          customer.external_id,
          'alert_created',
          `Screening alert ${match.topCategory}`,
          `Score ${match.score}: ${match.explanation}`,
          at,
        );
        created += 1;
      } else if (
        OPEN_STATES.has(alert.last_revision.state) &&
        alert.last_revision.score !== match.score
      ) {
        const number =
          ((lastRevisionNumber.get(alert.id) as { n: number | null }).n ??
            alert.last_revision.revision_number) + 1;
        const revision: AlertRevision = {
          ...alert.last_revision,
          id: context.newId('rev'),
          comment: `Rescreened after a customer update: score ${alert.last_revision.score} → ${match.score}`,
          created_at: iso,
          customer_revision_id: customer.revision_number,
          revision_number: number,
          score: match.score,
        };
        const record = { ...alert, last_revision: revision };
        context.store.putAlert(record, [revision], listFilters);
        existing.splice(existing.indexOf(alert), 1, record);
        revised += 1;
      }
    }

    const previous = detailOf.get(customer.external_id) as { detail_json: string } | undefined;
    const detail = refreshDetail(
      customer,
      existing.map((alert) => ({
        category: alert.last_revision.top_category.toLowerCase(),
        state: alert.last_revision.state,
        score: alert.last_revision.score,
      })),
      previous ? (JSON.parse(previous.detail_json) as Omit<CustomerDetail, 'customer'>) : null,
      at,
    );
    const stats: CustomerStats = { alerts: existing.length, last_scan_date: iso };
    context.store.putCustomer(customer, detail, stats);
    timeline.write(
      customer.external_id,
      'screened',
      'Customer screened',
      `${created} new alert(s), ${revised} revised`,
      at,
    );
    return { created, revised };
  };
}

export type ScreenCustomer = ReturnType<typeof createScreeningRunner>;
