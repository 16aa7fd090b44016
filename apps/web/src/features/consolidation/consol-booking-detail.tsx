import { useParams } from 'react-router';
import { BookingDetailScreen } from '../booking';
import { consolListOf, consolListPath } from './consol-paths';

/** A booking's detail opened from a consolidation list: Back returns to that list. */
export default function ConsolBookingDetail() {
  const { search_state } = useParams();
  return <BookingDetailScreen backTo={consolListPath(consolListOf(search_state))} />;
}
