// The actions on an open project: status change, export (CSV, GeoJSON), print, a PDF for a council on A4 or Letter
// (issue 36: the map as shown, with legend, scale bar and north arrow), delete (confirmed). Failures show a toast;
// a deletion goes back to the list, afresh.
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
import { PIPE_HALO_COLOR } from '../lib/map-colors.ts';
import type { BBox } from '../lib/map-shapes.ts';
import type { Paper } from '../lib/project-pdf.ts';
import { usePlannerStore } from '../state.ts';
import { useMapBridge } from './panel-context.tsx';
import { usePlanner } from './planner-context.tsx';
import { usePlannerFormat } from './use-planner-format.ts';

/** The pixel size of a captured image (jsPDF keeps its aspect ratio from it). */
function imageSize(url: string): Promise<{ widthPx: number; heightPx: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ widthPx: image.naturalWidth, heightPx: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

const fileName = (name: string) => name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-|-$/g, '') || 'project';

export function useProjectActions() {
  const { t, i18n } = useTranslation('planner');
  const { datasetId, user, units, timeZone } = usePlanner();
  const bridge = useMapBridge();
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

  const pipesTable = (project: ProjectDetailView) => {
    const currency = project.repairCostUnit.currency;
    return {
      headers: ['id', 'length', 'diameter', 'lof12', 'risk12', 'cost'].map((k) => t(`pipes.${k}`)),
      rows: project.items.map((item) => [
        item.nativePipeId,
        fmt.length(item.lengthM),
        fmt.diameter(item.diameterMm),
        fmt.lof(item.lof12),
        fmt.money(item.totalRisk12, currency),
        item.cost === null ? t('pipes.uncosted') : fmt.money(item.cost, currency),
      ]),
    };
  };

  const print = async (project: ProjectDetailView) => {
    try {
      const image = project.hasImage ? await client.fetchQuery(projectImageQuery(project.id)) : null;
      const html = projectPrintHtml(
        {
          title: project.name,
          facts: projectFacts(project, fmt, t),
          image,
          imageAlt: t('project.image'),
          table: pipesTable(project),
          totals: projectTotals(project, fmt, t),
        },
        i18n.language,
      );
      printHtml(html);
    } catch (err) {
      fail(err);
    }
  };

  const pdf = async (project: ProjectDetailView, paper: Paper, box: BBox | null) => {
    try {
      // The map fitted to the project's pipes (or area), so the page shows the project, not where the map was.
      const image = box ? await bridge.captureBox(box) : await bridge.captureImage();
      const size = image ? await imageSize(image) : null;
      const { buildProjectPdf } = await import('../lib/project-pdf.ts');
      const { heading } = bridge;
      const doc = buildProjectPdf({
        paper,
        utility: user.client.name ?? '',
        title: project.name,
        subtitle: [
          t('pdf.dataset', { name: heading.datasetName }),
          t('pdf.cofScenario', { name: heading.cofScenarioName ?? t('pdf.countryDefault') }),
          t('pdf.printed', { date: fmt.moment(new Date().toISOString(), timeZone) }),
        ],
        facts: projectFacts(project, fmt, t),
        totals: projectTotals(project, fmt, t),
        map: image && size ? { image, ...size, metresPerPixel: bridge.metresPerPixel() } : null,
        unit: units.segment,
        legend: { title: t('pdf.legend'), items: [{ color: PIPE_HALO_COLOR, label: t('pdf.projectPipes') }] },
        table: pipesTable(project),
        pageLabel: (page, pages) => t('pdf.page', { page, pages }),
      });
      doc.save(`${fileName(project.name)}-${paper}.pdf`);
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

  return { setStatus, exportFile, print, pdf, deleteProject, busy: update.isPending || remove.isPending };
}
