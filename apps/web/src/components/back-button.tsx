import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';

/** Returns to the list a record page belongs to. */
export function BackButton({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <Button variant="outlined" startIcon={<ArrowBackOutlined />} onClick={() => void navigate(to)}>
      Back
    </Button>
  );
}
