//! Wall-clock time as the files show it: UTC `2026-11-21T01:40:00Z` stamps and short ages
//! (`45s`, `12m`, `3h05m`). No time-zone database: agents and people read UTC.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Now, as an RFC 3339 UTC timestamp to the second.
pub fn now_stamp() -> String {
    stamp(SystemTime::now())
}

pub fn stamp(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

/// The date part of [`now_stamp`].
pub fn today() -> String {
    now_stamp()[..10].to_string()
}

/// A stamp as [`stamp`] writes it (`2026-11-21T01:40:00Z`; minutes-only `2026-11-21T01:40Z`
/// too) back to a time; `None` for anything else.
pub fn parse_stamp(s: &str) -> Option<SystemTime> {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<i64> {
        let part = s.get(r)?;
        if part.bytes().all(|c| c.is_ascii_digit()) { part.parse().ok() } else { None }
    };
    let shape = b.len() >= 17 && b[4] == b'-' && b[7] == b'-' && b[10] == b'T' && b[13] == b':';
    if !shape {
        return None;
    }
    let (y, mo, d, h, mi) = (digits(0..4)?, digits(5..7)?, digits(8..10)?, digits(11..13)?, digits(14..16)?);
    let sec = match &s[16..] {
        "Z" => 0,
        rest if rest.len() == 4 && rest.starts_with(':') && rest.ends_with('Z') => digits(17..19)?,
        _ => return None,
    };
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || sec > 60 {
        return None;
    }
    let days = days_from_civil(y, mo as u32, d as u32);
    let secs = u64::try_from(days * 86_400 + h * 3600 + mi * 60 + sec).ok()?;
    Some(UNIX_EPOCH + Duration::from_secs(secs))
}

/// A proleptic Gregorian (year, month, day) to days since 1970-01-01.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from(if m > 2 { m - 3 } else { m + 9 });
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Days since 1970-01-01 to a proleptic Gregorian (year, month, day).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// `45s`, `12m`, `3h05m`, `2d04h`.
pub fn age(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m", s / 60),
        3600..86_400 => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
        _ => format!("{}d{:02}h", s / 86_400, s % 86_400 / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_utc_rfc3339() {
        assert_eq!(stamp(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        assert_eq!(stamp(UNIX_EPOCH + Duration::from_secs(951_782_400)), "2000-02-29T00:00:00Z");
        assert_eq!(stamp(UNIX_EPOCH + Duration::from_secs(1_795_052_400)), "2026-11-19T01:40:00Z");
    }

    #[test]
    fn stamps_read_back() {
        for secs in [0, 951_782_400, 1_795_052_400, 1_795_052_459] {
            let t = UNIX_EPOCH + Duration::from_secs(secs);
            assert_eq!(parse_stamp(&stamp(t)), Some(t));
        }
        assert_eq!(parse_stamp("2026-11-19T01:40Z"), parse_stamp("2026-11-19T01:40:00Z"));
        for bad in ["", "2026-11-19", "2026-13-19T01:40Z", "2026-11-19T01:40:00", "２０２６-11-19T01:40Z"]
        {
            assert_eq!(parse_stamp(bad), None, "{bad}");
        }
    }

    #[test]
    fn ages_are_short() {
        assert_eq!(age(Duration::from_secs(45)), "45s");
        assert_eq!(age(Duration::from_secs(725)), "12m");
        assert_eq!(age(Duration::from_secs(11_100)), "3h05m");
        assert_eq!(age(Duration::from_secs(187_200)), "2d04h");
    }
}
