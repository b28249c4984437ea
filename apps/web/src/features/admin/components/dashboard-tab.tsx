import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { errorMessage } from '../../../lib/api-error';
import { formatSize } from '../../uploads/uploader/progress-format';
import { useAdminDashboard } from '../api/get-dashboard';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ mt: 0.5 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="textSecondary">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Bars({ labels, values, label }: { labels: string[]; values: number[]; label: string }) {
  if (labels.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ py: 6, textAlign: 'center' }}>
        None yet.
      </Typography>
    );
  }
  return (
    <BarChart
      height={240}
      xAxis={[{ data: labels, scaleType: 'band' }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={[{ data: values, label }]}
      hideLegend
    />
  );
}

/** The Admin Dashboard: figures counted from the database when the tab opens. */
export function DashboardTab() {
  const { data, error, isPending } = useAdminDashboard();
  if (error) return <Alert severity="warning">{errorMessage(error)}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={320} />;
  const grid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Figure
          label="Users"
          value={String(data.users.active)}
          detail={`${data.users.inactive} inactive`}
        />
        <Figure
          label="Elections"
          value={String(data.elections.total)}
          detail={`in ${data.districts} district${data.districts === 1 ? '' : 's'}`}
        />
        <Figure label="Audit jobs" value={String(data.jobs.total)} />
        <Figure
          label="Storage used"
          value={formatSize(data.storage.total_bytes)}
          detail={`uploads ${formatSize(data.storage.upload_bytes)} · job files ${formatSize(data.storage.job_file_bytes + data.storage.attachment_bytes)}`}
        />
      </Box>
      <Box sx={grid}>
        <ChartCard title="Users by role">
          <Bars
            label="Users"
            labels={data.users.by_role.map((row) => row.role)}
            values={data.users.by_role.map((row) => row.count)}
          />
        </ChartCard>
        <ChartCard title="Users by plan">
          <Bars
            label="Users"
            labels={data.users.by_plan.map((row) =>
              row.plan === 0 ? 'No plan' : `Plan ${row.plan}`,
            )}
            values={data.users.by_plan.map((row) => row.count)}
          />
        </ChartCard>
        <ChartCard title="Elections by privacy">
          <Bars
            label="Elections"
            labels={data.elections.by_privacy.map((row) => row.privacy)}
            values={data.elections.by_privacy.map((row) => row.count)}
          />
        </ChartCard>
        <ChartCard title="Donations by month">
          <Bars
            label="Donations ($)"
            labels={data.donations_by_month.map((row) => row.month)}
            values={data.donations_by_month.map((row) => row.amount)}
          />
        </ChartCard>
        <ChartCard title="Audit jobs by status">
          <Bars
            label="Jobs"
            labels={data.jobs.by_status.map((row) => row.status)}
            values={data.jobs.by_status.map((row) => row.count)}
          />
        </ChartCard>
      </Box>
    </Box>
  );
}
