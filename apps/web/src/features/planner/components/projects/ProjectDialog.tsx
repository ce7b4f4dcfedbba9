// Editing a project in a dialog (the same form as the save step).
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ProjectDetailView } from '../../api/types.ts';
import { useUpdateProject } from '../../api/update-project.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { errorText } from '../../lib/error-text.ts';
import { projectFields, projectValues } from '../../lib/project-form.ts';
import { ProjectForm } from './ProjectForm.tsx';

export function ProjectDialog(props: { project: ProjectDetailView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('planner');
  const { datasetId } = usePlanner();
  const update = useUpdateProject(datasetId);
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" data-testid="project-dialog">
      <DialogTitle>{t('project.editTitle')}</DialogTitle>
      <DialogContent>
        {props.open && (
          <ProjectForm
            defaultValues={projectValues(props.project)}
            costUnit={props.project.repairCostUnit}
            submitLabel={t('common.save')}
            busy={update.isPending}
            error={update.isError ? errorText(t, update.error) : null}
            onCancel={props.onClose}
            onSubmit={(values) =>
              update.mutate(
                { id: props.project.id, patch: projectFields(values) },
                { onSuccess: props.onClose },
              )
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
