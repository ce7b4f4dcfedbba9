// The actions on an open project: status change, export (CSV, GeoJSON), print, delete (confirmed). Failures show
// a toast; a deletion goes back to the list, afresh.
import { TOAST_MS } from '@pipewise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { toast } from '../../../components/toast/index.ts';
import { useDeleteProject } from '../api/delete-project.ts';
import { downloadProjectFile, type ProjectFileFormat } from '../api/download-project-file.ts';
import { projectImageQuery } from '../api/get-project-image.ts';
import type { ProjectDetailView } from '../api/types.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { errorText } from '../lib/error-text.ts';
import { printHtml, projectPrintHtml } from '../lib/print-project.ts';
import { projectFacts, projectTotals } from '../lib/project-report.ts';
import { usePlannerStore } from '../state.ts';
import { usePlanner } from './planner-context.tsx';
import { usePlannerFormat } from './use-planner-format.ts';

const fileName = (name: string) => name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-|-$/g, '') || 'project';

export function useProjectActions() {
  const { t, i18n } = useTranslation('planner');
  const { datasetId } = usePlanner();
  const fmt = usePlannerFormat();
  const client = useQueryClient();
  const confirm = useConfirm();
  const update = useUpdateProject(datasetId);
  const remove = useDeleteProject(datasetId);
  const projectDeleted = usePlannerStore((s) => s.projectDeleted);
  const fail = (err: unknown) =>
    toast.show({ text: errorText(t, err), color: 'error', timer: TOAST_MS.long });

  const setStatus = (project: ProjectDetailView, status: number, note = '') =>
    update.mutate(
      { id: project.id, patch: note ? { status, statusNote: note } : { status } },
      {
        onSuccess: () =>
          toast.show({ text: t('project.statusChanged'), color: 'success', timer: TOAST_MS.normal }),
        onError: fail,
      },
    );

  const exportFile = (project: ProjectDetailView, format: ProjectFileFormat) =>
    downloadProjectFile(project.id, format, fileName(project.name)).catch(fail);

  const print = async (project: ProjectDetailView) => {
    try {
      const image = project.hasImage ? await client.fetchQuery(projectImageQuery(project.id)) : null;
      const currency = project.repairCostUnit.currency;
      const html = projectPrintHtml(
        {
          title: project.name,
          facts: projectFacts(project, fmt, t),
          image,
          imageAlt: t('project.image'),
          table: {
            headers: ['id', 'length', 'diameter', 'lof12', 'risk12', 'cost'].map((k) => t(`pipes.${k}`)),
            rows: project.items.map((item) => [
              item.nativePipeId,
              fmt.length(item.lengthM),
              fmt.diameter(item.diameterMm),
              fmt.lof(item.lof12),
              fmt.money(item.totalRisk12, currency),
              item.cost === null ? t('pipes.uncosted') : fmt.money(item.cost, currency),
            ]),
          },
          totals: projectTotals(project, fmt, t),
        },
        i18n.language,
      );
      printHtml(html);
    } catch (err) {
      fail(err);
    }
  };

  const deleteProject = async (project: ProjectDetailView) => {
    const ok = await confirm({
      title: t('project.deleteTitle'),
      description: t('project.deleteText', { name: project.name }),
      action: t('project.delete'),
      cancel: t('common.cancel'),
    });
    if (!ok) return;
    remove.mutate(project.id, {
      onSuccess: () => {
        projectDeleted();
        toast.show({ text: t('project.deleted'), color: 'success', timer: TOAST_MS.normal });
      },
      onError: fail,
    });
  };

  return { setStatus, exportFile, print, deleteProject, busy: update.isPending || remove.isPending };
}
