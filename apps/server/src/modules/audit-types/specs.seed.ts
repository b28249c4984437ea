import { DEFAULT_AUDIT_TYPE, type ArgType } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import {
  findAuditType,
  insertArg,
  insertAuditType,
  insertGroup,
  listGroupsWithArgs,
} from './types.repository.js';

interface SeedArg {
  argument: string;
  type: ArgType;
  value?: string;
  choices?: string[];
  required?: boolean;
  multi?: boolean;
  stages?: string;
  format?: string;
  internal?: boolean;
  help: string;
}

interface SeedGroup {
  group: string;
  group_name: string;
  help: string;
  args: SeedArg[];
}

/**
 * The argument specs of the Ballot Image Audit: what the pipeline stages read from a job's
 * JOB file. Documented in docs/job-file-format.md; the Admin edits them in the admin board.
 */
export const SEED_GROUPS: SeedGroup[] = [
  {
    group: 'bia_specs',
    group_name: 'Ballot image archives',
    help: 'Where the ballot images come from and how they are named.',
    args: [
      {
        argument: 'vendor',
        type: 'str',
        choices: ['ES&S', 'Dominion', 'Hart', 'Clear Ballot'],
        required: true,
        help: 'Voting system vendor whose scanners wrote the ballot images.',
      },
      {
        argument: 'election_name',
        type: 'str',
        required: true,
        help: 'Election name as it appears in reports.',
      },
      {
        argument: 'source',
        type: 'str',
        multi: true,
        stages: 'precheck,gen_bif',
        help: 'A ballot image archive (zip) to read; one row per archive. Empty: every BIA archive the job adopts.',
      },
      {
        argument: 'image_dpi',
        type: 'int',
        value: '200',
        format: 'dots per inch',
        stages: 'gen_bif,genstyles,gentemplates,extractvote',
        help: 'Resolution of the scanned images when the files do not say.',
      },
      {
        argument: 'image_format',
        type: 'str',
        value: 'tif',
        choices: ['tif', 'pdf', 'png', 'jpg'],
        help: 'Image file type inside the archives.',
      },
      {
        argument: 'ballot_id_pattern',
        type: 'str',
        format: 'regular expression',
        stages: 'gen_bif',
        help: 'Pattern whose first group is the ballot id in an image file name; empty uses the vendor naming.',
      },
      {
        argument: 'precinct_pattern',
        type: 'str',
        format: 'regular expression',
        stages: 'gen_bif',
        help: 'Pattern whose first group is the precinct in an image path.',
      },
      {
        argument: 'include_archives',
        type: 'list',
        stages: 'gen_bif',
        help: 'Comma list of archive names to read; empty reads all.',
      },
      {
        argument: 'exclude_archives',
        type: 'list',
        stages: 'gen_bif',
        help: 'Comma list of archive names to skip.',
      },
      {
        argument: 'use_lambdas',
        type: 'bool',
        value: 'FALSE',
        stages: 'DEPRECATED',
        help: 'Former cloud-function switch; stages now fan out on the workers.',
      },
    ],
  },
  {
    group: 'cvr_specs',
    group_name: 'Cast vote records',
    help: 'The vote records the ballot images are compared with.',
    args: [
      {
        argument: 'cvr',
        type: 'str',
        multi: true,
        stages: 'precheck,cmpcvr',
        help: 'A CVR file to compare with; one row per file. Empty: every CVR file the job adopts.',
      },
      {
        argument: 'cvr_layout',
        type: 'str',
        value: 'auto',
        choices: ['auto', 'dominion-json', 'dominion-csv', 'ess', 'hart-xml', 'clearballot'],
        stages: 'precheck,cmpcvr',
        help: 'Layout of the CVR export; auto detects it from the file.',
      },
      {
        argument: 'ess_ballots',
        type: 'str',
        multi: true,
        stages: 'precheck,cmpcvr',
        help: 'An ES&S ballots file that belongs with the CVR.',
      },
      {
        argument: 'accept_unreadable_cvr',
        type: 'bool',
        value: 'FALSE',
        stages: 'precheck',
        help: 'Go on when part of a CVR cannot be read (precheck fails otherwise); the report says so.',
      },
      {
        argument: 'ignore_write_ins',
        type: 'bool',
        value: 'FALSE',
        stages: 'cmpcvr',
        help: 'Do not count disagreements on write-in targets.',
      },
    ],
  },
  {
    group: 'style_specs',
    group_name: 'Styles and templates',
    help: 'How ballots are grouped by style and how templates are built.',
    args: [
      {
        argument: 'style_masters',
        type: 'str',
        multi: true,
        stages: 'genstyles,gentemplates',
        help: 'A style master (blank ballot) to use for a style instead of exemplars.',
      },
      {
        argument: 'exemplars_per_style',
        type: 'int',
        value: '50',
        stages: 'genstyles,gentemplates',
        help: 'Ballots combined into each style template (at most).',
      },
      {
        argument: 'styles_from',
        type: 'str',
        value: 'cvr',
        choices: ['cvr', 'images', 'stc'],
        stages: 'genstyles',
        help: 'Where a ballot style comes from: the CVR, the ballot images, or the STC file.',
      },
      {
        argument: 'target_shape',
        type: 'str',
        value: 'oval',
        choices: ['oval', 'box', 'arrow'],
        stages: 'gentemplates,extractvote',
        help: 'Shape of the voting targets.',
      },
    ],
  },
  {
    group: 'vote_specs',
    group_name: 'Mark reading',
    help: 'How marks are measured and decided.',
    args: [
      {
        argument: 'mark_threshold',
        type: 'int',
        value: '30',
        format: 'percent dark',
        stages: 'extractvote',
        help: 'Darkness above which a target counts as marked.',
      },
      {
        argument: 'marginal_low',
        type: 'int',
        value: '12',
        format: 'percent dark',
        stages: 'extractvote,adjudicate',
        help: 'Lower bound of a marginal mark; marks between the bounds go to adjudication.',
      },
      {
        argument: 'marginal_high',
        type: 'int',
        value: '45',
        format: 'percent dark',
        stages: 'extractvote,adjudicate',
        help: 'Upper bound of a marginal mark.',
      },
      {
        argument: 'search_window',
        type: 'int',
        value: '3',
        format: 'hundredths of an inch',
        stages: 'extractvote',
        help: 'Half-size of the search around each target after registration.',
      },
    ],
  },
  {
    group: 'report_specs',
    group_name: 'Reports',
    help: 'What the final report says and exports.',
    args: [
      {
        argument: 'report_title',
        type: 'str',
        stages: 'genreport',
        help: 'Title of the final report; empty uses the election name.',
      },
      {
        argument: 'report_formats',
        type: 'list',
        value: 'html,csv',
        choices: ['html', 'csv', 'pdf'],
        stages: 'genreport,export',
        help: 'Comma list of report formats to write.',
      },
      {
        argument: 'contests',
        type: 'str',
        multi: true,
        stages: 'cmpcvr,genreport',
        help: 'A contest to report on; empty reports all contests.',
      },
    ],
  },
  {
    group: 'session_specs',
    group_name: 'Run session',
    help: 'Settings of one run of a stage, not of the audit.',
    args: [
      {
        argument: 'force_rebuild',
        type: 'bool',
        value: 'FALSE',
        stages: 'session',
        help: 'Rebuild the stage even when its outputs are current.',
      },
      {
        argument: 'clear_results',
        type: 'bool',
        value: 'FALSE',
        stages: 'session',
        help: 'Remove the stage outputs before running it.',
      },
      {
        argument: 'batch_size',
        type: 'int',
        value: '500',
        stages: 'session',
        help: 'Ballots per worker batch for stages that fan out.',
      },
    ],
  },
  {
    group: 'upload_specs',
    group_name: 'Election file types',
    help: 'File types offered when uploading election files, besides BIA and CVR.',
    args: [
      {
        argument: 'upload_file_types',
        type: 'list',
        value: 'BSM',
        internal: true,
        help: 'Comma list of extra election file types (e.g. BSM, ballot style masters).',
      },
    ],
  },
];

/**
 * Adds the Ballot Image Audit type and every seeded group and argument that is missing, at
 * each start (idempotent): what an Admin changed stays; what they deleted comes back.
 */
export async function seedArgSpecs(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    if (!(await findAuditType(tx, DEFAULT_AUDIT_TYPE))) {
      await insertAuditType(tx, {
        id: DEFAULT_AUDIT_TYPE,
        name: 'Ballot Image Audit',
        premium: 'FALSE',
        show: 'TRUE',
        help: 'Reads every ballot image and compares the votes with the cast vote records.',
      });
    }
    const existing = await listGroupsWithArgs(tx, DEFAULT_AUDIT_TYPE);
    for (const [position, seed] of SEED_GROUPS.entries()) {
      const found = existing.find((g) => g.group.group === seed.group);
      const group =
        found?.group ??
        (await insertGroup(tx, {
          auditTypeId: DEFAULT_AUDIT_TYPE,
          group: seed.group,
          groupName: seed.group_name,
          help: seed.help,
          position,
        }));
      if (!group) continue;
      const have = new Set(found?.args.map((a) => a.argument) ?? []);
      for (const [index, arg] of seed.args.entries()) {
        if (have.has(arg.argument)) continue;
        await insertArg(tx, {
          groupId: group.id,
          argument: arg.argument,
          value: arg.value ?? '',
          type: arg.type,
          choices: arg.choices ?? [],
          required: arg.required ?? false,
          help: arg.help,
          format: arg.format ?? '',
          multi: arg.multi ?? false,
          stages: arg.stages ?? '',
          internal: arg.internal ?? false,
          position: index,
        });
      }
    }
  });
}
