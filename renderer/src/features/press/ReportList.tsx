import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import type { PressReportSummary } from '../../../../preload/contract';
import { DateText } from '../../components/DateText';
import { RecordLink } from '../../components/RecordLink';
import { ServiceText } from '../../components/ServiceText';
import { reportMadeAt } from './report-date';
import { SeverityPill } from './SeverityPill';

export { reportMadeAt };

const ORIGINS: Record<PressReportSummary['origin'], string> = {
  generated: 'Generated',
  opened: 'Opened by id',
  forced: 'Forced',
};

export const originLabel = (origin: PressReportSummary['origin']) => ORIGINS[origin];

/** The report's date: the service's, else when CaseDesk kept it. */
export function ReportDate({
  report,
  style,
}: {
  report: PressReportSummary;
  style?: 'dateTime' | 'short';
}) {
  return <DateText value={reportMadeAt(report)} style={style} />;
}

/** Rows drawn at first and per "Show more": a profile may keep thousands of reports. */
export const REPORT_PAGE = 200;

/** Kept reports, newest first; `selected` follows j/k and shows the focus. */
export function ReportList({
  reports,
  selected,
  onSelect,
  showCustomer = true,
  label,
}: {
  reports: PressReportSummary[];
  selected: number;
  onSelect: (index: number) => void;
  showCustomer?: boolean;
  label: string;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [limit, setLimit] = useState(REPORT_PAGE);
  // Walking past the last drawn row draws it.
  const shown = reports.slice(0, Math.max(limit, selected + 1));
  useEffect(() => {
    body.current?.querySelector(`[data-index="${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <div className="table-frame">
      <table className="data-table press-table" aria-label={label} data-testid="press-list">
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Made</th>
            <th scope="col">Severity</th>
            <th scope="col">Categories</th>
            <th scope="col">Read</th>
            {showCustomer && <th scope="col">Customer</th>}
          </tr>
        </thead>
        <tbody ref={body}>
          {shown.map((report, index) => (
            <tr
              key={report.id}
              data-index={index}
              data-testid="press-report"
              data-report-id={report.id}
              aria-selected={index === selected}
              className={index === selected ? 'press-row-selected' : undefined}
              onClick={() => onSelect(index)}
            >
              <td>
                <RecordLink
                  to={{ screen: 'press-report', id: report.id }}
                  testId="press-report-link"
                  className="press-subject-link"
                >
                  <ServiceText text={report.subjectName || report.id} />
                </RecordLink>
                {report.riskSummaryStart && (
                  <ServiceText
                    text={report.riskSummaryStart}
                    className="press-row-summary"
                    testId="press-row-summary"
                  />
                )}
              </td>
              <td className="press-date">
                <ReportDate report={report} style="short" />
                <span className="press-row-origin" data-testid="press-row-origin">
                  {originLabel(report.origin)}
                </span>
              </td>
              <td>
                <SeverityPill severity={report.highestSeverity} testId="press-row-severity" />
              </td>
              <td>
                <span className="press-row-categories">
                  {report.categories.length === 0
                    ? 'None'
                    : report.categories.map((category, at) => (
                        <span
                          key={at}
                          className={category.reverted ? 'tag press-reverted' : 'tag'}
                          data-testid="press-row-category"
                        >
                          <ServiceText text={category.category} />
                          {category.reverted && '\u00a0(reverted)'}
                        </span>
                      ))}
                </span>
              </td>
              <td className="numeric" data-testid="press-row-read">
                {report.readSourceCount.toLocaleString()} of {report.sourceCount.toLocaleString()}
              </td>
              {showCustomer && (
                <td>
                  {report.customerExternalId ? (
                    <RecordLink
                      to={{
                        screen: 'customer',
                        externalId: report.customerExternalId,
                        tab: 'press',
                      }}
                      className="mono"
                    >
                      <ServiceText text={report.customerExternalId} />
                    </RecordLink>
                  ) : (
                    '—'
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {reports.length > shown.length && (
        <div className="press-more">
          <Button
            onClick={() => setLimit(shown.length + REPORT_PAGE)}
            data-testid="press-list-more"
          >
            Show {Math.min(REPORT_PAGE, reports.length - shown.length).toLocaleString()} more of{' '}
            {reports.length.toLocaleString()}
          </Button>
        </div>
      )}
    </div>
  );
}
