import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PageHeader } from '../../../components/page-header';
import { useJurisdictions } from '../../../lib/reference/get-jurisdictions';
import { useUsStates } from '../../../lib/reference/get-us-states';
import { uploadKeys } from '../api/upload-keys';
import { generalUploadTarget, type GeneralDetails } from '../api/upload-targets';
import { UploadQueue } from '../uploader/upload-queue';
import { UploadList } from './upload-list';
import { UploadQueueButtons } from './upload-queue-buttons';
import { useUploadNotices } from './use-upload-notices';

const FILE_TYPES = ['BIA', 'CVR', 'Other'];
const GENERAL_KEY = uploadKeys.general();

/** /general_upload: anyone sends election files with their type and place, no login needed. */
export function GeneralUploadPage() {
  const states = useUsStates();
  const jurisdictions = useJurisdictions();
  const [details, setDetails] = useState<GeneralDetails>({
    file_type: 'BIA',
    state: '',
    county: '',
  });
  const current = useRef(details);
  useEffect(() => {
    current.current = details;
  }, [details]);
  const [search] = useSearchParams();
  const linkToken = search.get('token') ?? '';
  const [queue] = useState(
    () => new UploadQueue(generalUploadTarget(() => current.current, linkToken)),
  );
  useUploadNotices(queue, GENERAL_KEY);
  const rows = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const counties = jurisdictions.data?.[details.state] ?? [];
  const placeChosen = details.state !== '' && details.county.trim() !== '';

  return (
    <>
      <PageHeader
        title="General Upload"
        subtitle="Send ballot image archives, cast vote records or other election files. Choose the file type and the place they belong to."
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }}>
          <TextField
            select
            label="File Type"
            value={details.file_type}
            onChange={(event) => setDetails({ ...details, file_type: event.target.value })}
            sx={{ width: { md: 180 } }}
          >
            {FILE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="State"
            required
            value={details.state}
            onChange={(event) => setDetails({ ...details, state: event.target.value, county: '' })}
            sx={{ flex: 1 }}
          >
            {(states.data ?? []).map((state) => (
              <MenuItem key={state.code} value={state.code}>
                {state.name}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            freeSolo
            options={counties}
            value={details.county}
            onInputChange={(_event, county) => setDetails({ ...details, county })}
            sx={{ flex: 1 }}
            renderInput={(params) => <TextField {...params} label="County" required />}
          />
        </Stack>
        <UploadList queue={queue} />
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <UploadQueueButtons queue={queue} disabled={rows.length === 0 || !placeChosen} />
        </Box>
      </Paper>
    </>
  );
}
