import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useNotify } from '../../../components/notifications/use-notify';
import { useActivePackages } from '../api/packages';
import { useStartPackageCheckout } from '../api/payments';

/** Plans & Pricing: a card per active package, monthly or annual (annual first). */
export function PlansAndPricing() {
  const notify = useNotify();
  const [period, setPeriod] = useState<'monthly' | 'annually'>('annually');
  const { data } = useActivePackages();
  const buy = useStartPackageCheckout();
  const monthly = period === 'monthly';
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Plans &amp; Pricing
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={period}
          onChange={(_event, next: 'monthly' | 'annually' | null) => next && setPeriod(next)}
          aria-label="Billing period"
          color="primary"
        >
          <ToggleButton value="monthly">Monthly</ToggleButton>
          <ToggleButton value="annually">Annually</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {(data?.packages ?? []).map((pkg) => (
          <Card key={pkg.id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="h6">{pkg.name}</Typography>
              <Typography variant="h4" color="primary" sx={{ my: 1 }}>
                ${monthly ? pkg.monthlyPrice : pkg.yearlyPrice}
                <Typography component="span" color="textSecondary">
                  {monthly ? ' / month' : ' / year'}
                </Typography>
              </Typography>
              <Typography color="textSecondary">{pkg.description}</Typography>
            </CardContent>
            <CardActions>
              <Button
                fullWidth
                variant="contained"
                disabled={buy.isPending}
                onClick={() =>
                  buy.mutate(
                    {
                      package_id: pkg.id,
                      is_monthly: monthly ? 1 : 0,
                      price: monthly ? pkg.monthlyPrice : pkg.yearlyPrice,
                    },
                    { onError: (error) => notify.error(error.message) },
                  )
                }
              >
                Buy Plan
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {data && data.packages.length === 0 && (
        <Typography color="textSecondary">No plans are on offer right now.</Typography>
      )}
    </Box>
  );
}
