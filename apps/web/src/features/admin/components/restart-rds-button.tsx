import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import { TIMINGS } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useRestartRds } from '../api/restart-rds';

/** Restart RDS: recycles the database connections; the button rests 30 seconds after. */
export function RestartRdsButton() {
  const notify = useNotify();
  const restart = useRestartRds();
  const [resting, setResting] = useState(false);

  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), TIMINGS.restartButtonDisabledMs);
    return () => clearTimeout(timer);
  }, [resting]);

  return (
    <Button
      variant="outlined"
      color="warning"
      startIcon={<RestartAltOutlined />}
      disabled={resting || restart.isPending}
      onClick={() => {
        setResting(true);
        restart.mutate(undefined, {
          onSuccess: (answer) => {
            const health = answer.health.database;
            notify.success(
              `${answer.message}: database ${health.reachable ? 'answers' : 'does not answer'} (${health.kind}, ${health.latency_ms} ms)`,
            );
          },
          onError: (error) => notify.error(errorMessage(error)),
        });
      }}
    >
      Restart RDS
    </Button>
  );
}
