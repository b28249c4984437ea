import {
  countedVotes,
  findSampledImages,
  makeCrops,
  threeWay,
  type CropContext,
  type SampledImage,
} from '@scrutineer/audit-core';
import { RLA_MESSAGES as M, type RlaBallotImage } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { openJobStore } from '../operations/index.js';
import type { UserRow } from '../users/index.js';
import { ballotDiscrepancies } from './rla.measure.js';
import { findBallot, type RlaBallotRow, type RlaRow } from './rla.repository.js';
import { assertAuditor, loadStartedRla } from './rla.service.js';

/** Crops of the ballot's contests; a picture that cannot be made says why. */
async function cropsOf(store: CropContext['store'], image: SampledImage | undefined) {
  const failures: string[] = [];
  const requests = (image?.contests ?? []).flatMap((c) => (c.crop ? [c.crop] : []));
  const ctx: CropContext = {
    store,
    checkCancelled: () => undefined,
    problem: (p) => failures.push(p.message),
    progress: () => undefined,
  };
  const made = requests.length ? await makeCrops(ctx, requests) : new Map<string, Buffer>();
  return { made, failure: failures[0] ?? '' };
}

function present(
  rla: RlaRow,
  row: RlaBallotRow,
  compared: boolean,
  image: SampledImage | undefined,
  crops: { made: Map<string, Buffer>; failure: string },
): RlaBallotImage {
  const discrepancies = ballotDiscrepancies(row, rla.contests, rla.ballots, rla.riskLimit / 100);
  const message = !compared ? M.imageNotCompared : !image?.sheetId ? M.imageNoSheet : '';
  return {
    ballot_id: row.id,
    ballot_key: row.ballotKey,
    compared,
    sheet_id: image?.sheetId ?? null,
    sheet_class: image?.sheetClass ?? '',
    detail: image?.detail ?? '',
    archive: image?.archive ?? '',
    entry: image?.entry ?? '',
    message,
    contests: rla.contests.map((contest) => {
      const reading = image?.contests.find((c) => c.contestId === contest.id);
      const counted = (votes: string[]) => countedVotes(votes, contest.voteFor);
      const board =
        !row.reading || row.reading.notFound
          ? null
          : counted(row.reading.contests[contest.id] ?? []);
      const record = row.cvrVotes ? counted(row.cvrVotes[contest.id] ?? []) : null;
      const imageVotes = reading?.read ? (reading.overvote ? [] : counted(reading.votes)) : null;
      const three = threeWay(board, imageVotes, record);
      const png = reading?.crop ? crops.made.get(reading.crop.id) : undefined;
      return {
        contest_id: contest.id,
        name: contest.name,
        board,
        record,
        image: imageVotes,
        image_marks: reading?.votes ?? [],
        image_gray: reading?.gray ?? [],
        image_overvote: reading?.overvote ?? false,
        image_class: reading?.class ?? '',
        discrepancy: discrepancies[contest.id] ?? 0,
        agree: three.agree,
        agreement: three.text,
        crop: png ? `data:image/png;base64,${png.toString('base64')}` : null,
        crop_note: png
          ? ''
          : !image?.sheetId || !image.archive
            ? 'no image'
            : !reading?.crop
              ? 'the image audit found no targets of this contest on the sheet'
              : crops.failure || 'the image could not be read',
      };
    }),
  };
}

/**
 * The image audit's reading and crops of a sampled ballot beside the board's reading, for the
 * Auditor, and only once the board's reading is final: before that the board's blind reading
 * must not be steered by what the image shows.
 */
export async function ballotImage(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  ballotId: number,
): Promise<RlaBallotImage> {
  const { job, rla } = await loadStartedRla(deps, user, jobId);
  assertAuditor(user, job);
  const row = await findBallot(deps.database.db, rla.id, ballotId);
  if (!row) throw notFound(M.ballotNotFound);
  if (!row.reading) throw conflict(M.imageBeforeReading);
  const { store } = await openJobStore(deps, jobId);
  const found = await findSampledImages(
    { store },
    [{ id: row.ballotKey, cvrId: row.cvrId }],
    rla.contests,
  );
  const image = found.images.get(row.ballotKey);
  return present(rla, row, found.compared, image, await cropsOf(store, image));
}
