import { OPERATION_STAGES, type OperationStage } from '@scrutineer/contracts';
import { stageNamed } from '@scrutineer/audit-core';

export interface StageInfo {
  name: OperationStage;
  position: number;
  needs: OperationStage[];
  description: string;
  help: string;
}

const SERVER_STAGES: Partial<Record<OperationStage, Omit<StageInfo, 'name' | 'position'>>> = {
  adjudicate: {
    needs: ['cmpcvr'],
    description:
      'package each disagreement (ballot, contest, image crop, both readings) for review',
    help: 'Lists every disagreement of cmpcvr with a crop of the ballot image; people record a decision on each through the adjudication calls. genreport then says which are adjudicated.',
  },
  genreport: {
    needs: ['adjudicate'],
    description: 'write the report as HTML with charts, CSV and PDF',
    help: 'Per-contest totals (CVR against audit), every disagreement with its adjudication, and whether the disagreements could change an outcome.',
  },
};

/** The pipeline's stages with what each needs; adjudicate sits between cmpcvr and genreport. */
export const STAGE_INFO: StageInfo[] = OPERATION_STAGES.map((name, position) => {
  const own = SERVER_STAGES[name];
  const engine = stageNamed(name);
  return {
    name,
    position,
    needs: own?.needs ?? engine?.needs ?? [],
    description: own?.description ?? engine?.description ?? '',
    help: own?.help ?? engine?.description ?? '',
  };
});

export const stageInfo = (name: string): StageInfo => {
  const found = STAGE_INFO.find((s) => s.name === name);
  if (!found) throw new Error(`unknown stage ${name}`);
  return found;
};

/** Reports (text, pipeline key) a stage lists while built, RUNNING or STOPPED. */
export const STAGE_REPORTS: Partial<Record<OperationStage, [string, string][]>> = {
  precheck: [
    ['Inputs (CSV)', 'precheck/inputs.csv'],
    ['Problems (CSV)', 'precheck/problems.csv'],
  ],
  gen_bif: [
    ['Ballot Information File (CSV)', 'gen_bif/bif.csv'],
    ['Residue (CSV)', 'gen_bif/residue.csv'],
  ],
  genstyles: [
    ['Styles (CSV)', 'genstyles/styles.csv'],
    ['Exemplars (CSV)', 'genstyles/exemplars.csv'],
  ],
  gentemplates: [['Target mapping (CSV)', 'gentemplates/target-mapping.csv']],
  extractvote: [
    ['Sheets (CSV)', 'extractvote/sheets.csv'],
    ['Problems (CSV)', 'extractvote/problems.csv'],
  ],
  cmpcvr: [
    ['Contest summary (CSV)', 'cmpcvr/summary.csv'],
    ['Disagreements (CSV)', 'cmpcvr/disagreements.csv'],
    ['Totals (CSV)', 'cmpcvr/totals.csv'],
  ],
  adjudicate: [['Adjudications (CSV)', 'adjudicate/adjudications.csv']],
  genreport: [
    ['Final report (HTML)', 'genreport/report.html'],
    ['Final report (CSV)', 'genreport/report.csv'],
    ['Final report (PDF)', 'genreport/report.pdf'],
  ],
  archive: [['Inventory (CSV)', 'archive/inventory.csv']],
};

/** Downloads a stage lists only when built. */
export const STAGE_DOWNLOADS: Partial<Record<OperationStage, [string, string][]>> = {
  gen_bif: [['BIF', 'gen_bif/bif.csv']],
  extractvote: [
    ['Votes by target', 'extractvote/targets.csv'],
    ['Votes by contest', 'extractvote/contests.csv'],
  ],
  cmpcvr: [['Comparison by sheet', 'cmpcvr/sheets.csv']],
  export: [['Audit export (zip)', 'export/audit-export.zip']],
  archive: [['Job archive (zip)', 'archive/job-archive.zip']],
};

/** Where each stage writes, so clear_results and a rerun know what to delete. */
export const stageOutputPrefixes = (name: OperationStage): string[] => [
  `${name}/`,
  `logs/operation-logs/${name}/`,
];

/** The stages whose outputs `name` reads: what it needs, and what those need, to the first. */
export function stagesBefore(name: OperationStage): Set<OperationStage> {
  const found = new Set<OperationStage>();
  const visit = (stage: OperationStage) => {
    for (const need of stageInfo(stage).needs)
      if (!found.has(need)) {
        found.add(need);
        visit(need);
      }
  };
  visit(name);
  return found;
}
