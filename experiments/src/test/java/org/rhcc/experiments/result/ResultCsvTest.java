package org.rhcc.experiments.result;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ResultCsvTest
{
    @Test
    void shouldWriteAHeaderAndOneLinePerRunInPlanOrder()
    {
        final String[] lines = ResultCsv.toCsv(ResultFixtures.congestion()).split("\n", -1);

        assertEquals(6, lines.length);
        assertEquals("", lines[5]);
        assertEquals("experiment,scheme,condition,pfc,congestion,cpu_traffic,senders,qps,message_bytes,mba_level," +
            "tcp_offered_gbps,tcp_flows,seed,warmup_ms,duration_ms,params,rnic_gbps,latency_avg_us,pfc_pause_fraction," +
            "pfc_frames,cnp_count,iio_occupancy", lines[0]);
        assertEquals("congestion,dcqcn,\"PFC on, 3x\",true,3,local,1,8,65536,,,0,7,2.0,5.0,,37.0,13.0," +
            "0.30000000000000004,300,0,95.0", lines[2]);
        assertEquals("congestion,dcqcn,\"PFC-free, 3x\",false,3,local,1,8,65536,,,0,7,2.0,5.0,,31.0,13.0,0.0,0,21,95.0",
            lines[4]);
    }

    @Test
    void shouldQuoteCellsWithCommasQuotesAndLineBreaks()
    {
        assertEquals("plain", ResultCsv.quote("plain"));
        assertEquals("\"a,b\"", ResultCsv.quote("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", ResultCsv.quote("say \"hi\""));
        assertEquals("\"two\nlines\"", ResultCsv.quote("two\nlines"));
    }
}
