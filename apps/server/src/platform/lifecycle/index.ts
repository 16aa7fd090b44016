/** Process lifecycle: the shutdown-hook registry and the graceful shutdown (see shutdown.ts). */
export {
  handleStopSignals,
  isShuttingDown,
  onShutdown,
  registerLifecycle,
  type ShutdownPhase,
  shutdown,
  survivesLostConnections,
} from './shutdown';
