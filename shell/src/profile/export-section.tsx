// "Download my data": everything Ringwise stores about the user (GET /api/user/export) saved as a .json file.
import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import { profileRequests } from '@ringwise/contract/profile';
import { Button } from '@ringwise/ui/button';
import { toast } from '@ringwise/ui/toast';
import { FormError, ProfileSection } from './profile-section.tsx';
import { saveFile } from '../downloads/save-file.ts';

export function ExportSection() {
  const errorId = useId();
  const download = useMutation({
    mutationFn: () => profileRequests.exportData(),
    onError: () => {},
    onSuccess: ({ file, fileName }) => {
      saveFile(file, fileName);
      toast({ variant: 'success', title: 'Your data is downloading', description: fileName });
    },
  });
  return (
    <ProfileSection
      title="Your data"
      description="A JSON file of everything Ringwise keeps about you: profile, contacts, calls, transactions, numbers and caller IDs."
    >
      <div className="sh:grid sh:gap-3">
        <div>
          <Button
            variant="outline"
            aria-disabled={download.isPending || undefined}
            aria-describedby={download.isError ? errorId : undefined}
            onClick={() => !download.isPending && download.mutate()}
          >
            {download.isPending ? 'Preparing…' : 'Download my data'}
          </Button>
        </div>
        <FormError id={errorId}>{download.isError ? `Your data could not be downloaded: ${errorMessage(download.error)}` : null}</FormError>
      </div>
    </ProfileSection>
  );
}
