import type { ConnectionTestResult } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { OUTCOME_TITLE, OUTCOME_TONE } from './outcome-text';

export function ConnectionResult({ result }: { result: ConnectionTestResult }) {
  return (
    <div data-testid="connection-result" data-outcome={result.outcome}>
      <Banner tone={OUTCOME_TONE[result.outcome]} title={OUTCOME_TITLE[result.outcome]}>
        {result.message}
        <span className="result-meta">
          {result.httpStatus !== null && <> HTTP {result.httpStatus} · </>}
          {result.latencyMs} ms · {new Date(result.testedAt).toLocaleString()}
        </span>
      </Banner>
    </div>
  );
}
