import { registerJob } from '../../platform/jobs/job-registry';
import { sailingScheduleService } from './sailing-schedule.service';

export const TBC_REFRESH_JOB = 'sailing-tbc-refresh';
/** 01:00 on the 16th of every month, in the runner's time zone (001 §4, §9). */
export const TBC_REFRESH_CRON = '0 1 16 * *';

/** Registers the monthly TBC ETD refresh with the job runner. */
export function registerTbcRefreshJob() {
  registerJob({
    name: TBC_REFRESH_JOB,
    cron: TBC_REFRESH_CRON,
    run: ({ db, today }) => sailingScheduleService.refreshTbcEtds({ db, today }),
  });
}
