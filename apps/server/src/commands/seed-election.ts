import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  directorySink,
  makeElection,
  writeSyntheticElection,
  type SynthElection,
} from '@scrutineer/audit-core';
import {
  auditJobCreateBodySchema,
  districtBodySchema,
  electionCreateBodySchema,
} from '@scrutineer/contracts';
import type { AppDeps } from '../platform/deps.js';
import { newBlobKey } from '../platform/storage/index.js';
import { createJob } from '../modules/audit-jobs/jobs.service.js';
import { createDistrict } from '../modules/districts/districts.service.js';
import { createElection } from '../modules/elections/elections.service.js';
import { storeJobFile } from '../modules/job-settings/files.store.js';
import { insertUpload } from '../modules/uploads/uploads.repository.js';
import type { UserRow } from '../modules/users/index.js';

/** Ballots in the demo election: enough to show every stage, quick to generate at first start. */
const DEMO_BALLOTS = 60;

const DEMO_BATCH_SIZE = 20;

/** The demo's ballot manifest (ColoradoRLA's columns): one row per batch of paper ballots. */
function demoManifest(): string {
  const rows = ['CountyID,ScannerID,BatchID,NumBallots,StorageLocation'];
  for (let batch = 1; batch * DEMO_BATCH_SIZE <= DEMO_BALLOTS; batch += 1)
    rows.push(`Mono,1,${batch},${DEMO_BATCH_SIZE},Bridgeport vault shelf ${batch}`);
  return `${rows.join('\n')}\n`;
}

/**
 * A small generated election for a first look: a district, an election with its ballot image
 * archive and Dominion vote records (with planted discrepancies, a swapped batch among them), and an audit job whose
 * election information file describes the contests, ready for its stages to run.
 */
export async function seedDemoElection(deps: AppDeps, auditor: UserRow): Promise<void> {
  const district = await createDistrict(
    deps,
    auditor,
    districtBodySchema.parse({
      country: 'US',
      state_name: 'CA',
      district_name: 'Mono',
      email: 'elections@mono.example.org',
      city: 'Bridgeport',
    }),
  );
  const election = await createElection(
    deps,
    auditor,
    electionCreateBodySchema.parse({
      name: 'Mono Demo General',
      districtId: district.row.district.id,
      date: '11-05-2024',
      privacy: 'Public',
      description: `A generated election of ${DEMO_BALLOTS} ballots with planted discrepancies, for trying the audit stages.`,
    }),
  );
  const electionId = election.row.election.id;
  const dir = await mkdtemp(path.join(tmpdir(), 'scrutineer-demo-'));
  try {
    const synth: SynthElection = makeElection({ seed: 'demo' });
    const archive = path.join(dir, 'ballots.zip');
    await writeSyntheticElection(
      synth,
      {
        count: DEMO_BALLOTS,
        batchSize: DEMO_BATCH_SIZE,
        misreads: 2,
        missing: 1,
        extra: 1,
        formats: ['dominion-csv'],
      },
      createWriteStream(archive),
      directorySink(dir),
    );
    const sets = [
      {
        file: archive,
        fileName: 'Mono_Demo_BIA.zip',
        fileType: 'BIA',
        contentType: 'application/zip',
      },
      {
        file: path.join(dir, 'CVR_Export.csv'),
        fileName: 'CVR_Export.csv',
        fileType: 'CVR',
        contentType: 'text/csv',
      },
    ];
    for (const set of sets) {
      const key = newBlobKey(`elections/${electionId}/sets`);
      const bytes = await readFile(set.file);
      await deps.blobs.put(key, bytes);
      const size = (await stat(set.file)).size;
      await insertUpload(deps.database.db, {
        kind: 'set',
        electionId,
        fileName: set.fileName,
        fileType: set.fileType,
        description: 'Generated demo data',
        contentType: set.contentType,
        chunkCount: 1,
        chunkSize: size,
        fileSize: size,
        size,
        status: 'Uploaded',
        storageKey: key,
        uploadedBy: auditor.id,
        completedAt: new Date(),
      });
    }
    const job = await createJob(
      deps,
      auditor,
      auditJobCreateBodySchema.parse({
        name: 'Mono demo audit',
        description: 'Reads every generated ballot and compares it with the vote records.',
        election_id: electionId,
      }),
    );
    // The engine reads the JSON form of the election information (contests and styles).
    await storeJobFile(deps, {
      jobId: job.row.job.id,
      jobAddress: job.row.job.address,
      fileName: 'EIF_Mono_demo_audit.json',
      fileType: 'EIF',
      content: Buffer.from(JSON.stringify(synth, null, 2)),
      userId: auditor.id,
    });
    // The paper's inventory for a risk-limiting audit: every printed ballot, batch by batch.
    await storeJobFile(deps, {
      jobId: job.row.job.id,
      jobAddress: job.row.job.address,
      fileName: 'BMF_Mono_demo_audit.csv',
      fileType: 'BMF',
      content: Buffer.from(demoManifest()),
      userId: auditor.id,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
