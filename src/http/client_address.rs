//! Which address a request comes from, for the per-address limits. By
//! default it is the TCP peer: forwarding headers are written by whoever
//! sends the request, so trusting them would let any client pick a fresh
//! address per request and escape every per-address limit.
//!
//! Behind a reverse proxy every peer is the proxy. The operator then names
//! the proxies (`--trusted-proxies`); for a request from one of them,
//! `X-Forwarded-For` is read from the right (the hop nearest to us) and the
//! first address that is not a trusted proxy is the client.

use std::net::{IpAddr, Ipv4Addr};
use std::str::FromStr;

use actix_web::HttpRequest;

/// An address or a CIDR block: `10.0.0.0/8`, `192.168.1.7`, `::1`, `fd00::/8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpNetwork {
    network: IpAddr,
    prefix_bits: u8,
}

impl IpNetwork {
    pub fn contains(&self, address: IpAddr) -> bool {
        match (self.network, canonical(address)) {
            (IpAddr::V4(network), IpAddr::V4(address)) => prefix_matches(
                u128::from(u32::from(network)) << 96,
                u128::from(u32::from(address)) << 96,
                self.prefix_bits,
            ),
            (IpAddr::V6(network), IpAddr::V6(address)) => {
                prefix_matches(u128::from(network), u128::from(address), self.prefix_bits)
            }
            _ => false,
        }
    }
}

fn prefix_matches(network: u128, address: u128, prefix_bits: u8) -> bool {
    if prefix_bits == 0 {
        return true;
    }
    let mask = u128::MAX << (128 - u32::from(prefix_bits));
    network & mask == address & mask
}

/// An IPv4 client seen through an IPv6 socket (`::ffff:a.b.c.d`) is that IPv4 client.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

/// Why a `--trusted-proxies` entry is not an address or CIDR block.
#[derive(Debug, thiserror::Error)]
pub enum IpNetworkError {
    #[error("{0:?} is not an IP address or CIDR block")]
    NotAnAddress(String),
    #[error("{text:?}: the prefix length must be 0 to {bits_max}")]
    PrefixLength { text: String, bits_max: u8 },
}

impl FromStr for IpNetwork {
    type Err = IpNetworkError;

    fn from_str(text: &str) -> Result<Self, IpNetworkError> {
        let text = text.trim();
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let network = canonical(address.parse::<IpAddr>().map_err(|_| IpNetworkError::NotAnAddress(text.to_owned()))?);
        let bits_max = if network.is_ipv4() { 32 } else { 128 };
        let prefix_bits = match prefix {
            None => bits_max,
            Some(prefix) => prefix
                .parse::<u8>()
                .ok()
                .filter(|bits| *bits <= bits_max)
                .ok_or_else(|| IpNetworkError::PrefixLength { text: text.to_owned(), bits_max })?,
        };
        Ok(IpNetwork { network, prefix_bits })
    }
}

/// The proxies whose `X-Forwarded-For` is believed. Empty by default.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(pub Vec<IpNetwork>);

impl TrustedProxies {
    fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(address))
    }

    /// The client address of `peer`'s request whose `X-Forwarded-For`
    /// values (in header order) are `forwarded`.
    pub fn client_of<'a>(&self, peer: IpAddr, forwarded: impl Iterator<Item = &'a str>) -> IpAddr {
        let peer = canonical(peer);
        if !self.trusts(peer) {
            return peer;
        }
        let hops: Vec<&str> = forwarded.flat_map(|value| value.split(',')).map(str::trim).collect();
        let mut nearest = peer;
        for hop in hops.iter().rev() {
            // A hop we cannot read was written by someone we do not trust:
            // the last trusted hop is as far as the chain can be believed.
            let Some(address) = parse_hop(hop) else { return nearest };
            if !self.trusts(address) {
                return address;
            }
            nearest = address;
        }
        nearest
    }
}

/// `203.0.113.7`, `203.0.113.7:4711`, `2001:db8::1` or `[2001:db8::1]:4711`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(address) = hop.parse::<IpAddr>() {
        return Some(canonical(address));
    }
    if let Ok(socket) = hop.parse::<std::net::SocketAddr>() {
        return Some(canonical(socket.ip()));
    }
    None
}

pub fn client_address(request: &HttpRequest, trusted: &TrustedProxies) -> IpAddr {
    let peer = request.peer_addr().map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |address| address.ip());
    let forwarded = request.headers().get_all("x-forwarded-for").filter_map(|value| value.to_str().ok());
    trusted.client_of(peer, forwarded)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn proxies(list: &[&str]) -> TrustedProxies {
        TrustedProxies(list.iter().map(|text| text.parse().unwrap()).collect())
    }

    #[test]
    fn networks_contain_their_addresses_and_no_others() {
        let network: IpNetwork = "10.0.0.0/8".parse().unwrap();
        assert!(network.contains(address("10.200.3.4")));
        assert!(!network.contains(address("11.0.0.1")));
        assert!(network.contains(address("::ffff:10.1.2.3")), "IPv4-mapped IPv6 is the IPv4 address");
        let single: IpNetwork = "192.168.1.7".parse().unwrap();
        assert!(single.contains(address("192.168.1.7")) && !single.contains(address("192.168.1.8")));
        let v6: IpNetwork = "fd00::/8".parse().unwrap();
        assert!(v6.contains(address("fd12::1")) && !v6.contains(address("fe80::1")));
        assert!("0.0.0.0/0".parse::<IpNetwork>().unwrap().contains(address("8.8.8.8")));
    }

    #[test]
    fn bad_networks_are_refused_with_a_reason() {
        for text in ["10.0.0.0/33", "fd00::/129", "proxy.local", "10.0.0.0/x", ""] {
            assert!(text.parse::<IpNetwork>().is_err(), "{text}");
        }
    }

    #[test]
    fn without_trusted_proxies_forwarding_headers_are_ignored() {
        let client = TrustedProxies::default().client_of(address("198.51.100.9"), ["203.0.113.7"].into_iter());
        assert_eq!(client, address("198.51.100.9"));
    }

    #[test]
    fn a_trusted_proxy_forwards_the_nearest_untrusted_hop() {
        let trusted = proxies(&["10.0.0.0/8"]);
        // The client forged the first entry; our two proxies appended the rest.
        let chain = ["1.1.1.1, 203.0.113.7", "10.0.0.5"];
        assert_eq!(trusted.client_of(address("10.0.0.1"), chain.into_iter()), address("203.0.113.7"));
    }

    #[test]
    fn a_request_from_an_untrusted_peer_is_that_peer_whatever_it_forwards() {
        let trusted = proxies(&["10.0.0.0/8"]);
        assert_eq!(trusted.client_of(address("203.0.113.9"), ["1.2.3.4"].into_iter()), address("203.0.113.9"));
    }

    #[test]
    fn an_unreadable_hop_stops_the_walk_at_the_last_trusted_hop() {
        let trusted = proxies(&["10.0.0.0/8"]);
        assert_eq!(trusted.client_of(address("10.0.0.1"), ["garbage, 10.0.0.7"].into_iter()), address("10.0.0.7"));
        assert_eq!(trusted.client_of(address("10.0.0.1"), std::iter::empty()), address("10.0.0.1"));
        assert_eq!(
            trusted.client_of(address("10.0.0.1"), ["[2001:db8::1]:4711", "203.0.113.7:80"].into_iter()),
            address("203.0.113.7")
        );
    }
}
