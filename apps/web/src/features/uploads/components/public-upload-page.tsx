import { useParams, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import type { OwnerType } from '../api/upload-keys';
import { useVerifiedLink } from '../api/upload-link';
import { LinkProblem } from './link-problem';
import { LinkUploader } from './link-uploader';

/**
 * /upload/{id}/{county}?token= and /upload-district/{id}/{county}?token=: an outside party
 * uploads without signing in. The link is checked first; a bad one gets its own page.
 */
export function PublicUploadPage({ type }: { type: OwnerType }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const requestId = Number(id) > 0 ? Number(id) : 0;
  const token = params.get('token') ?? '';
  const link = useVerifiedLink(type, requestId, token);

  if (!requestId || !token) return <LinkProblem error={null} />;
  if (link.isPending) return <FullPageSpinner />;
  if (link.error) return <LinkProblem error={link.error} />;
  return <LinkUploader type={type} token={token} link={link.data} />;
}
