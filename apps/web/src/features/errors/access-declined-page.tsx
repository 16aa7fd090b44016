import { useLocation } from 'react-router';
import { ForbiddenResult } from '../../shared/components/forbidden-result';

/** /AccessDeclined: where a 403 answer leads (000 §4, §8); names the path that was refused. */
export default function AccessDeclinedPage() {
  const { state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  return <ForbiddenResult path={typeof from === 'string' ? from : null} />;
}
