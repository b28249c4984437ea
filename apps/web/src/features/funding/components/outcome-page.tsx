import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TIMINGS } from '@scrutineer/contracts';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useSession } from '../../../lib/session';
import { useConfirmPayment, type OutcomeKind } from '../api/payments';
import { useProject } from '../api/projects';

const formatDollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function OutcomeCard({ children }: { children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', maxWidth: 640, mx: 'auto', mt: 6 }}>
      {children}
    </Paper>
  );
}

/** Goes to `to` after the spec's two seconds. */
function useRedirectLater(to: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const timer = setTimeout(() => void navigate(to), TIMINGS.outcomeRedirectMs);
    return () => clearTimeout(timer);
  }, [to, navigate]);
}

/** Success screens: records the payment by session_id, shows the message, then moves on. */
export function PaymentSuccessPage({ kind }: { kind: OutcomeKind }) {
  const [params] = useSearchParams();
  const { id } = useParams();
  const session = useSession();
  const sessionId = params.get('session_id');
  const { data, error } = useConfirmPayment(kind, sessionId);
  useDocumentTitle('Payment');
  const next = !data
    ? null
    : kind === 'package'
      ? '/subscription'
      : kind === 'project'
        ? session
          ? `/projects/${encodeURIComponent(data.project_name ?? id ?? '')}`
          : null
        : session
          ? '/audit-donation'
          : '/public';
  useRedirectLater(next);
  const back =
    next ??
    (kind === 'project' && data?.project_name
      ? `/project/${encodeURIComponent(data.project_name)}`
      : '/public');
  const backLabel =
    kind === 'package'
      ? 'Back to Subscription'
      : kind === 'project'
        ? 'Back to the project'
        : session
          ? 'Back to Donate'
          : 'Back to public audits';
  return (
    <OutcomeCard>
      {!sessionId && <Alert severity="error">This address has no payment session.</Alert>}
      {sessionId && !data && !error && <CircularProgress aria-label="Recording payment" />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && (
        <>
          <Typography variant="h5" role="status">
            {data.message}
          </Typography>
          <Typography sx={{ mt: 2 }}>
            Amount: <strong>{formatDollars(data.amount)}</strong>
            {data.recurring ? ' every month' : ''}
            {data.project_name ? ` to ${data.project_name}` : ''}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            Receipt: keep this payment reference for your records: {sessionId}
          </Typography>
          <Button component={RouterLink} to={back} variant="contained" sx={{ mt: 3 }}>
            {backLabel}
          </Button>
        </>
      )}
    </OutcomeCard>
  );
}

/** Project donation cancelled: back to the project after two seconds. */
export function ProjectCancelPage() {
  const { id = '' } = useParams();
  const { data } = useProject(id);
  useDocumentTitle('Donation canceled');
  useRedirectLater(data ? `/project/${encodeURIComponent(data.name)}` : null);
  return (
    <OutcomeCard>
      <Typography variant="h5" role="status">
        Donation has been canceled.
      </Typography>
    </OutcomeCard>
  );
}

/** Audit donation or subscription payment cancelled. */
export function PaymentCancelPage({ kind }: { kind: 'audit' | 'package' }) {
  const session = useSession();
  useDocumentTitle('Payment canceled');
  useRedirectLater(kind === 'package' ? '/home' : session ? '/audit-donation' : '/public');
  return (
    <OutcomeCard>
      <Typography variant="h5" role="status">
        Payment has been canceled.
      </Typography>
    </OutcomeCard>
  );
}
