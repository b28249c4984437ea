import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

interface TabbedCardProps<T extends string> {
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  children: ReactNode;
}

/** A card with a row of tabs over the panel of the chosen one. */
export function TabbedCard<T extends string>({
  tabs,
  value,
  onChange,
  label,
  children,
}: TabbedCardProps<T>) {
  return (
    <Paper variant="outlined">
      <Tabs
        value={value}
        onChange={(_event, next: T) => onChange(next)}
        aria-label={label}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={tab.label}
            disabled={tab.disabled}
            id={`tab-${tab.value}`}
            aria-controls={`panel-${tab.value}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`panel-${value}`}
        aria-labelledby={`tab-${value}`}
        sx={{ p: { xs: 2, md: 3 } }}
      >
        {children}
      </Box>
    </Paper>
  );
}
