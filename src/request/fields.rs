//! `field=value` arguments as the command line and the page's query give them.

/// Split `key=value` arguments; a field given twice is an error (which one
/// should win?).
pub fn key_values(args: &[String]) -> Result<Vec<(String, String)>, crate::error::InputError> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for arg in args {
        let (key, value) = arg
            .split_once('=')
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .ok_or_else(|| crate::error::InputError::argument(arg, "expected field=value"))?;
        if let Some((_, first)) = pairs.iter().find(|(k, _)| *k == key) {
            return Err(given_twice(&key, first, &value));
        }
        pairs.push((key, value));
    }
    Ok(pairs)
}

/// The refusal of a field given twice (which one should win?).
pub fn given_twice(key: &str, first: &str, second: &str) -> crate::error::InputError {
    crate::error::InputError::argument(
        key,
        format!("given twice (`{key}={first}` and `{key}={second}`); give it once"),
    )
}
