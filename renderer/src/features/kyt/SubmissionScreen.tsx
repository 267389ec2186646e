import { useState } from 'react';
import type { KytSubmissionDetail } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { RecordLink } from '../../components/RecordLink';
import { Screen } from '../../components/Screen';
import { ServiceText, ServiceTextParts } from '../../components/ServiceText';
import { StaleNotice } from '../../components/StaleNotice';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { useShortcuts } from '../../lib/shortcuts';
import { AnswerFacts, EchoList } from './AnswerView';
import { ComparePicker } from './ComparePicker';
import { ExplanationView } from './ExplanationView';
import { formatAmount, partyText } from './kyt-format';
import { requestRows } from './kyt-request';
import { StatusPanel, type Decision } from './StatusPanel';
import { StatusPill } from './StatusPill';
import { useKytRead } from './use-kyt-read';

/** The request as sent, field by field, by the interface's names. */
function RequestView({ detail }: { detail: KytSubmissionDetail }) {
  const rows = requestRows(detail.request);
  return (
    <dl className="kyt-pairs kyt-request" data-testid="kyt-request">
      {rows.map((row) => (
        <div key={row.path} data-path={row.path} data-testid="kyt-request-row">
          <dt>
            <ServiceText text={row.label} lines={2} />
          </dt>
          <dd>
            <ServiceText text={row.value} lines={3} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One kept submission (`#/kyt/<id>`): where it stands, its answer explained, what was sent. */
export function SubmissionScreen({ id }: { id: string }) {
  const navigate = useNavigation((state) => state.navigate);
  const read = useKytRead(`kyt-submission:${id}`, () => unwrap(api.kyt.get({ id })));
  const [comparing, setComparing] = useState(false);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [decideError, setDecideError] = useState<unknown>(null);
  // A decision's answer shows at once, over the read it was taken on; any newer read replaces it.
  const [decided, setDecided] = useState<{
    detail: KytSubmissionDetail;
    over: KytSubmissionDetail | null;
  } | null>(null);
  const detail =
    decided && decided.over === (read.data ?? null) ? decided.detail : (read.data ?? null);

  const duplicate = () => navigate({ screen: 'kyt-new', prefill: { duplicate: id } });
  const basedOnId = detail?.summary.basedOnId ?? null;
  const compareOriginal = () => {
    if (basedOnId) navigate({ screen: 'kyt-compare', a: basedOnId, b: id });
  };
  const decide = (decision: Decision) => {
    setDeciding(decision);
    setDecideError(null);
    const over = read.data ?? null;
    unwrap(api.kyt.decide({ id, decision }))
      .then(
        (next) => {
          setDecided({ detail: next, over });
          read.reload();
        },
        (error: unknown) => setDecideError(error),
      )
      .finally(() => setDeciding(null));
  };

  useShortcuts(
    [
      {
        keys: 'd',
        description: 'What-if: duplicate this submission',
        group: 'Submission',
        run: duplicate,
      },
      {
        keys: 'c',
        description: 'Compare with another submission',
        group: 'Submission',
        run: () => setComparing(true),
      },
      ...(basedOnId
        ? [
            {
              keys: 'o',
              description: 'Compare with the original',
              group: 'Submission',
              run: compareOriginal,
            },
          ]
        : []),
    ],
    detail !== null && !comparing,
  );

  if (!detail) {
    return (
      <Screen
        title="Submission"
        subtitle={<ServiceText text={id} className="mono" />}
        testId="kyt-submission-screen"
      >
        {read.status === 'error' ? (
          <ErrorState error={read.error} onRetry={read.reload} />
        ) : read.status === 'ready' ? (
          <EmptyState
            title="This submission is not kept here"
            testId="kyt-submission-missing"
            action={
              <Button onClick={() => navigate({ screen: 'kyt' })}>All kept submissions</Button>
            }
          >
            CaseDesk keeps every submission made from this profile; the service cannot look one up.
            Check the address, or the profile you are using.
          </EmptyState>
        ) : (
          <LoadingState label="Reading the submission…" />
        )}
      </Screen>
    );
  }

  const { summary, answer, explanation } = detail;
  const title = summary.label?.trim() || `Transaction ${summary.externalId}`;
  return (
    <Screen
      title={<ServiceText text={title} lines={2} />}
      subtitle={
        <span className="kyt-subtitle">
          <StatusPill status={summary.status} testId="kyt-submission-status" />
          <span data-testid="kyt-submission-amount">
            {formatAmount(summary.amount, summary.currency)}
          </span>
          <span>
            <ServiceText text={partyText(summary.fromName, summary.fromExternalId)} />
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> to </span>
            <ServiceText text={partyText(summary.toName, summary.toExternalId)} />
          </span>
          <RecordLink to={{ screen: 'kyt' }} testId="kyt-back-to-list">
            All submissions
          </RecordLink>
        </span>
      }
      testId="kyt-submission-screen"
      actions={
        <>
          {basedOnId && (
            <Button
              aria-keyshortcuts="o"
              onClick={compareOriginal}
              data-testid="kyt-compare-original"
            >
              Compare with the original
            </Button>
          )}
          <Button
            aria-keyshortcuts="c"
            onClick={() => setComparing(true)}
            data-testid="kyt-compare-with"
          >
            Compare with…
          </Button>
          <Button
            variant="primary"
            aria-keyshortcuts="d"
            onClick={duplicate}
            data-testid="kyt-duplicate"
          >
            What-if: duplicate
          </Button>
        </>
      }
    >
      <div className="kyt-detail" data-submission-id={summary.id}>
        {read.status === 'error' && <StaleNotice error={read.error} onRetry={read.reload} />}
        <StatusPanel
          detail={detail}
          deciding={deciding}
          decideError={decideError}
          onDecide={decide}
        />
        {basedOnId && (
          <p className="kyt-muted" data-testid="kyt-based-on">
            A what-if duplicated from{' '}
            <RecordLink to={{ screen: 'kyt-submission', id: basedOnId }} testId="kyt-original-link">
              another submission
            </RecordLink>
            .
          </p>
        )}
        {answer && (
          <section className="kyt-section" aria-labelledby="kyt-result-title">
            <h2 id="kyt-result-title" className="kyt-section-title">
              Result
            </h2>
            <AnswerFacts answer={answer} />
          </section>
        )}
        {explanation && <ExplanationView explanation={explanation} score={answer?.score ?? null} />}
        <section className="kyt-section" aria-labelledby="kyt-request-title">
          <h2 id="kyt-request-title" className="kyt-section-title">
            Request as sent
          </h2>
          <p className="kyt-muted">
            Recorded <DateText value={summary.createdAt} />; transaction id{' '}
            <ServiceText text={summary.externalId} className="mono" testId="kyt-external-id" />.
            {summary.batch && ` Line ${summary.batch.line.toLocaleString()} of a batch.`}
          </p>
          <RequestView detail={detail} />
        </section>
        {answer && (
          <section className="kyt-section" aria-labelledby="kyt-echo-title">
            <h2 id="kyt-echo-title" className="kyt-section-title">
              Participants as the service echoed them
            </h2>
            <div className="kyt-two">
              <div>
                <h3 className="kyt-subtitle-head">Sender</h3>
                <EchoList echo={answer.from} testId="kyt-echo-from" />
              </div>
              <div>
                <h3 className="kyt-subtitle-head">Receiver</h3>
                <EchoList echo={answer.to} testId="kyt-echo-to" />
              </div>
            </div>
            <details className="kyt-raw" data-testid="kyt-raw">
              <summary>The raw answer, as received</summary>
              {/* JSON reads left to right; a direction control inside it is shown, not applied. */}
              <pre className="kyt-raw-text" dir="ltr" tabIndex={0} aria-label="The raw answer">
                <ServiceTextParts text={answer.raw} />
              </pre>
            </details>
          </section>
        )}
      </div>
      <ComparePicker submission={summary} open={comparing} onClose={() => setComparing(false)} />
    </Screen>
  );
}
