import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Registers the service worker that keeps the app for offline use, and says when a new build
 * is waiting (spec part 3: a toast when new content is ready); Reload lets it take over.
 */
export function ServiceWorkerToast() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.warn('The service worker did not register', error),
  });
  return (
    <>
      <Snackbar
        open={needRefresh}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        message="New content is available. Reload to use the new version."
        action={
          <>
            <Button color="secondary" size="small" onClick={() => void updateServiceWorker(true)}>
              Reload
            </Button>
            <Button color="inherit" size="small" onClick={() => setNeedRefresh(false)}>
              Later
            </Button>
          </>
        }
      />
      <Snackbar
        open={offlineReady}
        autoHideDuration={5000}
        onClose={() => setOfflineReady(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        message="The app is ready to work offline."
      />
    </>
  );
}
