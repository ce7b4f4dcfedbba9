// The project list as shown (PLAN-LIST-01…04): a page of 5, newest first, replaced only by an answer that counts
// more than 0 projects. A deletion starts afresh (`generation`), so the last project deleted does not linger.
import { useState } from 'react';
import { useProjects } from '../api/get-projects.ts';
import type { Page, ProjectView } from '../api/types.ts';
import { replaceProjectList } from '../lib/project-list.ts';

interface Kept {
  key: string;
  answer: Page<ProjectView> | undefined;
  shown: Page<ProjectView> | undefined;
}

export function useProjectList(datasetId: number, page: number, generation: number, mine = false) {
  const query = useProjects(datasetId, page, mine);
  const key = `${datasetId}:${generation}:${mine}`;
  const [kept, setKept] = useState<Kept>({ key, answer: query.data, shown: query.data });
  // Derived from the previous render's list (React's "storing information from previous renders").
  if (kept.key !== key || kept.answer !== query.data) {
    const shown = kept.key !== key ? query.data : replaceProjectList(kept.shown, query.data);
    setKept({ key, answer: query.data, shown });
  }
  return { ...query, shown: kept.key === key ? kept.shown : query.data };
}
