/** `POST /e` body: an analytics event or an error report. */
export interface EventBody {
  eventId: string
  url: string
  domain: string
  /** Milliseconds since the epoch (analytics) or an ISO date (error reports). */
  timestamp: number | string
  props: TrackProps | ErrorProps
}

export interface TrackProps {
  type: 'track'
  event: string
  address?: string
  properties?: Record<string, unknown>
}

export interface ErrorProps {
  type: 'error'
  event: string
  errorType: string
  errorMessage: string
  stackTrace?: string
}
