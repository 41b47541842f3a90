import fs from 'node:fs';
import os from 'node:os';

/**
 * Gives the calling thread the lowest scheduling priority (nice 19), so it takes only the CPU the other
 * threads of the process leave. On Linux each thread is a task of its own with its own priority
 * (/proc/thread-self names its id); elsewhere the thread keeps the process's priority. Answers whether
 * the priority was lowered.
 */
export function lowerThisThreadsPriority(): boolean {
  try {
    const taskId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(taskId) || taskId <= 0) return false;
    os.setPriority(taskId, os.constants.priority.PRIORITY_LOW);
    return true;
  } catch {
    return false;
  }
}
